import 'server-only';
import { problemStatus, type ProblemCode } from '@/lib/api/problem-status';

export { problemStatus, type ProblemCode };

/** An expected failure with its code; the handler wrapper turns it into the error envelope. */
export class ApiProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More top-level fields beside `error`, such as the current state with a 409. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiProblem';
  }

  get status(): number {
    return problemStatus[this.code];
  }
}

export const noStore = { 'cache-control': 'no-store' } as const;

export function problemResponse(problem: ApiProblem): Response {
  return Response.json(
    { ...problem.extra, error: { code: problem.code, message: problem.message } },
    { status: problem.status, headers: { ...noStore, ...problem.headers } },
  );
}
