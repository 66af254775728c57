// No zod: this module is in every page's first load (lib/validation/validator.ts says why).
import { object, string } from '@/lib/validation/validator';
import { problemCodes, type ProblemCode } from './problem-status';

/**
 * Codes of the API's error envelope (docs/product-contract.md §5.1, lib/api/problem-status.ts),
 * plus the ones the client adds for failures it sees itself.
 */
export const serverErrorCodes = problemCodes;
export const clientErrorCodes = [
  'network',
  'aborted',
  'timeout',
  'invalid_response',
  'http_error',
] as const;
export type ApiErrorCode = ProblemCode | (typeof clientErrorCodes)[number];

export const errorEnvelopeSchema = object({
  error: object({ code: string(), message: string() }),
});

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number | null;
  /** Seconds to wait before retrying, from `Retry-After`, when the server gave one. */
  readonly retryAfterSeconds: number | null;
  /** The whole error answer, for calls that send more than the envelope (a 409's current state). */
  readonly body: unknown;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: {
      status?: number | null;
      retryAfterSeconds?: number | null;
      cause?: unknown;
      body?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.body = options.body ?? null;
  }
}

const knownServerCodes = new Set<string>(serverErrorCodes);

export function isServerErrorCode(code: string): code is ProblemCode {
  return knownServerCodes.has(code);
}

/** Whether a failure is an ApiError with this code (`isApiError(error, 'unauthorized')`). */
export function isApiError(error: unknown, code: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * No answer came: the network failed, the call was cancelled (the page being left, say), or the
 * server did not answer in time.
 */
export const isNoAnswer = (error: unknown): boolean =>
  isApiError(error, 'network') || isApiError(error, 'aborted') || isApiError(error, 'timeout');

/**
 * A refusal the server answered (4xx: invalid, forbidden, too large, rate limited): it changed
 * nothing, and asked again unchanged it would be refused again.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || isNoAnswer(error)) return false;
  if (error.code === 'invalid_response') return false;
  return error.status !== null && error.status < 500;
}

/**
 * Whether the server may have acted on a request that failed: no answer came (the network, a
 * cancelled call, a body cut off) or the server failed on its way (5xx); anything but a refusal.
 */
export const mayHaveActed = (error: unknown): boolean => !isRefusal(error);
