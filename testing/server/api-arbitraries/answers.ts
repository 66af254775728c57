// The checks every answer must pass, whatever was sent.
import { safeParse } from 'zod/mini';
import { show } from './spec-text';
import { type HttpMethod, type ProblemCode, problemStatus } from './wire';

export interface AnswerRules {
  method: HttpMethod;
  /** The route's Allow header: the methods it implements, HEAD with GET, and OPTIONS. */
  allow: string;
  /** The error codes the implemented methods may answer. */
  codes: readonly ProblemCode[];
  /** The statuses of success the implemented methods may answer. */
  success: readonly number[];
}

export interface Answer {
  status: number;
  /** The error code of a 4xx, null otherwise (and for HEAD, which has no body). */
  code: ProblemCode | null;
  /** The parsed JSON body, or null without one. */
  body: unknown;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks what every answer of the API must be, whatever was asked: never a 5xx; the API headers;
 * a 4xx is the JSON envelope `{error: {code, message}}` (a 409 may add the agreement) with a code
 * of the contract that this route may answer and the status that goes with that code; a 429 says
 * when to retry; a 405 names the allowed methods; OPTIONS answers 204 with them.
 */
export async function checkAnswer(response: Response, rules: AnswerRules): Promise<Answer> {
  const text = await response.text();
  const status = response.status;
  const fail = (why: string): never => {
    throw new ContractViolation(`${why}\n    answer: ${status} ${show(text, 400)}`);
  };
  if (status >= 500) fail('a 5xx answer');
  if (response.headers.get('cache-control') !== 'no-store') fail('no Cache-Control: no-store');
  if (response.headers.get('x-content-type-options') !== 'nosniff')
    fail('no X-Content-Type-Options: nosniff');

  const allowed = rules.allow.split(', ');
  if (rules.method === 'OPTIONS') {
    if (status !== 204) fail('OPTIONS did not answer 204');
    if (response.headers.get('allow') !== rules.allow)
      fail(`OPTIONS Allow is not "${rules.allow}"`);
    return { status, code: null, body: null };
  }
  const implemented = allowed.includes(rules.method);
  const codes: readonly ProblemCode[] = implemented ? rules.codes : ['method_not_allowed'];

  if (status < 400) {
    if (!implemented) fail(`${rules.method} is not implemented, yet answered ${status}`);
    if (!rules.success.includes(status)) fail(`status ${status} is not one this route answers`);
    if (rules.method === 'HEAD' && text !== '') fail('HEAD answered with a body');
    const json = /^application\/json/.test(response.headers.get('content-type') ?? '');
    if (!json || text === '') return { status, code: null, body: null };
    try {
      return { status, code: null, body: JSON.parse(text) };
    } catch {
      return fail('a success declared JSON that does not parse');
    }
  }

  if (rules.method === 'HEAD' && implemented) {
    if (text !== '') fail('HEAD answered with a body');
    if (!codes.some((code) => problemStatus[code] === status))
      fail(`status ${status} is not one of this route's`);
    return { status, code: null, body: null };
  }
  if (!/^application\/json/.test(response.headers.get('content-type') ?? ''))
    fail('a 4xx that is not JSON');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('a 4xx whose body is not JSON');
  }
  if (!isRecord(body) || !isRecord(body.error)) return fail('a 4xx without the error envelope');
  const { code, message } = body.error;
  if (Object.keys(body.error).sort().join() !== 'code,message')
    fail('error has other fields than code and message');
  if (typeof message !== 'string' || message.trim() === '') fail('error.message is not a sentence');
  if (typeof code !== 'string' || !(code in problemStatus))
    fail(`error.code ${String(code)} is not in the contract`);
  const known = code as ProblemCode;
  if (!codes.includes(known))
    fail(`error.code ${known} is not one this route answers to ${rules.method}`);
  if (problemStatus[known] !== status)
    fail(`status ${status} does not go with ${known} (${problemStatus[known]})`);
  const extra = Object.keys(body).filter(
    (key) => key !== 'error' && !(known === 'conflict' && key === 'agreement'),
  );
  if (extra.length > 0) fail(`the envelope has other fields: ${extra.join(', ')}`);
  if (known === 'rate_limited') {
    const retryAfter = response.headers.get('retry-after') ?? '';
    if (!/^\d+$/.test(retryAfter) || Number(retryAfter) < 1)
      fail('a 429 without Retry-After in seconds');
  }
  if (known === 'method_not_allowed' && response.headers.get('allow') !== rules.allow) {
    fail(`a 405 whose Allow is not "${rules.allow}"`);
  }
  return { status, code: known, body };
}

/** Fails unless `value` validates against one of the product's own response schemas. */
export function expectShape(
  schema: Parameters<typeof safeParse>[0],
  value: unknown,
  what: string,
): void {
  const result = safeParse(schema, value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ContractViolation(`${what} does not have its shape: ${issues.join('; ')}`);
  }
}

/** Fails unless the answer is the refusal a guard the request fails must give. */
export function expectCode(answer: Answer, code: ProblemCode, why: string): void {
  if (answer.code !== code && !(answer.code === null && answer.status === problemStatus[code])) {
    throw new ContractViolation(
      `expected ${problemStatus[code]} ${code} (${why}), got ${answer.status} ${answer.code ?? ''}`,
    );
  }
}
