// Session cookies: none, valid, or one the database must refuse, and any Cookie header at all.
import fc from 'fast-check';
import { headerValue } from './headers';
import { oneof, sessionCookieName } from './wire';

/**
 * The session cookie a request carries, made at run time by `cookieMaker`: none, a valid session,
 * or one the database must refuse (another key, expired, revoked, a disabled account, forged,
 * tampered, unsigned, under another name), or any Cookie header at all.
 */
export type CookiePlan =
  | { kind: 'none' }
  | { kind: 'valid'; noise: readonly (readonly [string, string])[] }
  | { kind: 'random'; value: string }
  | { kind: 'other-key' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'disabled-account' }
  | { kind: 'unknown-session' }
  | { kind: 'forged-secret' }
  | { kind: 'tampered'; at: number }
  | { kind: 'alg-none' }
  | { kind: 'foreign-name'; name: string }
  | { kind: 'duplicate'; garbage: string; validLast: boolean }
  | { kind: 'raw-header'; header: string };

const cookieName = oneof(
  fc.constantFrom(
    'gavel_session',
    '__Secure-gavel_session',
    '__host-gavel_session',
    '__Host-gavel_Session',
    '__Host-gavel_session2',
    'session',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/).filter((name) => name !== sessionCookieName),
);

export const cookiePlan: fc.Arbitrary<CookiePlan> = oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      noise: fc.array(
        fc.tuple(
          cookieName,
          headerValue(20).map((value) => value.replace(/;/g, '')),
        ),
        {
          maxLength: 2,
        },
      ),
    }),
    weight: 8,
  },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 },
  {
    arbitrary: fc
      .oneof(headerValue(80), fc.constantFrom('a.b.c', '%E0%A4%A', '%ff', 'x'.repeat(3_000)))
      .map((value) => ({ kind: 'random' as const, value })),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom(
      { kind: 'other-key' as const },
      { kind: 'expired' as const },
      { kind: 'revoked' as const },
      { kind: 'disabled-account' as const },
      { kind: 'unknown-session' as const },
      { kind: 'forged-secret' as const },
      { kind: 'alg-none' as const },
    ),
    weight: 3,
  },
  { arbitrary: fc.nat().map((at) => ({ kind: 'tampered' as const, at })), weight: 1 },
  { arbitrary: cookieName.map((name) => ({ kind: 'foreign-name' as const, name })), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      garbage: headerValue(20).map((value) => value.replace(/;/g, '')),
      validLast: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: headerValue(120).map((header) => ({ kind: 'raw-header' as const, header })),
    weight: 1,
  },
);

/** Whether the database must accept the plan's session: null where the parser decides. */
export function cookieIsValid(plan: CookiePlan): boolean | null {
  if (plan.kind === 'valid') return true;
  if (plan.kind === 'duplicate') return null;
  return false;
}
