// The wire as the API contract names it: origin, cookie and token names, the body limit, methods, error codes; and the helpers every generator shares.
import fc from 'fast-check';

export const origin = 'http://localhost:3000';
// Written out rather than imported, so that a rename on the wire shows up as a failure.
export const sessionCookieName = '__Host-gavel_session';
export const platformToken = 'embedded-platform-token';
export const maxBodyBytes = 64 * 1024;

export const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * The error codes of the API contract and the status each one goes with. Written out rather than
 * imported from lib/server/api/api-problem.ts: the oracle must not follow the code it checks.
 */
export const problemStatus = {
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  flag_unresolved: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;
export type ProblemCode = keyof typeof problemStatus;

export const encoder = new TextEncoder();
export const character = (code: number) => String.fromCharCode(code);

/**
 * fc.oneof whose values may shrink into its first alternative, which is always the simplest one
 * here: counterexamples come out as short as fast-check can make them.
 */
export const oneof = ((...arbitraries: fc.MaybeWeightedArbitrary<unknown>[]) =>
  fc.oneof({ withCrossShrink: true }, ...arbitraries)) as typeof fc.oneof;
