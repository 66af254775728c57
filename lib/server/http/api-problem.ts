import 'server-only';

export const problemStatus = {
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  /** An admin action needs the password entered within the last 15 minutes (contract §15). */
  reauth_required: 401,
  forbidden: 403,
  /** A temporary password must be changed before any other call (contract §15). */
  password_change_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** An approval held back by its lot's flags (contract §14, FLAG_GATE). */
  flag_unresolved: 409,
  /** The change would leave no enabled admin (contract §15). */
  last_admin: 409,
  /** Nobody disables or demotes themselves (contract §15). */
  self_change: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ProblemCode = keyof typeof problemStatus;

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
