// The wire as the API contract names it: origin, cookie and token names, the body limit, methods, error codes; and the helpers every generator shares.
import fc from 'fast-check';
import { problemStatus as contractStatus } from '@/lib/api/problem-status';

export const origin = 'http://localhost:3000';
// Written out rather than imported, so that a rename on the wire shows up as a failure.
export const sessionCookieName = '__Host-gavel_session';
export const platformToken = 'embedded-platform-token';
export const maxBodyBytes = 64 * 1024;

export const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * The error codes a hostile request may be answered with, and their statuses from the one table
 * (lib/api/problem-status.ts, held equal to the contract's §5.1 by its own test). Never `internal`
 * (a 500) nor the codes of flows these requests never reach: an answer with one of those fails.
 */
const expectedCodes = [
  'bad_request',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'flag_unresolved',
  'payload_too_large',
  'rate_limited',
  'unavailable',
] as const;
export const problemStatus = Object.fromEntries(
  expectedCodes.map((code) => [code, contractStatus[code]]),
) as { [Code in (typeof expectedCodes)[number]]: (typeof contractStatus)[Code] };
export type ProblemCode = keyof typeof problemStatus;

export const encoder = new TextEncoder();
export const character = (code: number) => String.fromCharCode(code);

/**
 * fc.oneof whose values may shrink into its first alternative, which is always the simplest one
 * here: counterexamples come out as short as fast-check can make them.
 */
export const oneof = ((...arbitraries: fc.MaybeWeightedArbitrary<unknown>[]) =>
  fc.oneof({ withCrossShrink: true }, ...arbitraries)) as typeof fc.oneof;
