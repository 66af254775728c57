import 'server-only';
import fc from 'fast-check';
import {
  ContractViolation,
  hostileString,
  plainString,
  sessionCookieName,
} from '@/testing/server/api-arbitraries';
import { isRecord } from '@/testing/server/property-blocks';
import { propertyHarness } from '@/testing/server/property-harness';
import { staffPassword } from '@/testing/server/staff-fixture';

// What the auth API's property tests (sign-in.property.test.ts, auth-session.property.test.ts)
// share: the harness and its accounts, the credentials they send, and the session cookie's checks.

export const password = staffPassword;
/** Each account's role, so that an answer's role is seen to be the account's, not a default. */
export const roleOf = {
  fuzz: 'clerk',
  steady: 'admin',
  holder: 'supervisor',
  gone: 'clerk',
} as const;

/**
 * fuzz: any sign-in (and so often locked out); steady: well-formed sign-ins, mostly right; holder:
 * the sessions the cookies carry; gone: disabled.
 */
export function authPropertyHarness(file: string) {
  const account = (loginId: keyof typeof roleOf) => ({
    loginId,
    displayName: `${loginId} Staff`,
    password,
    role: roleOf[loginId],
  });
  return propertyHarness(file, {
    enabled: account('holder'),
    disabled: account('gone'),
    others: [account('fuzz'), account('steady')],
  });
}

export const storable = (text: string) => text.isWellFormed() && !text.includes('\u0000');

/** Every string and key is well-formed Unicode without NUL: text any API must take. */
export function storableJson(value: unknown): boolean {
  // Iterative: the bodies sent nest thousands deep.
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string' && !storable(next)) return false;
    if (Array.isArray(next)) pending.push(...next);
    else if (isRecord(next)) {
      for (const [key, entry] of Object.entries(next)) {
        if (!storable(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}

export function setCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith(`${sessionCookieName}=`));
}

export function expectClearedCookie(response: Response, why: string) {
  const [cookie, ...more] = setCookies(response);
  if (
    !cookie ||
    more.length > 0 ||
    !cookie.startsWith(`${sessionCookieName}=;`) ||
    !/Max-Age=0/.test(cookie)
  ) {
    throw new ContractViolation(
      `${why}: the session cookie is not cleared (${JSON.stringify(setCookies(response))})`,
    );
  }
}

const loginId = fc.oneof(
  { arbitrary: fc.constantFrom('fuzz', ' FUZZ ', 'Fuzz', 'steady', 'gone', 'nobody'), weight: 3 },
  { arbitrary: plainString(1, 30), weight: 1 },
  { arbitrary: hostileString(30), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'a'.repeat(254),
      'a'.repeat(255),
      'fuzz\n',
      'fuzz\u0000',
      'fu\u007fzz',
      'ｆｕｚｚ',
      'FUZZ\u0130',
      '\ud800fuzz',
    ),
    weight: 1,
  },
);
const passwordValue = fc.oneof(
  { arbitrary: fc.constant(password), weight: 3 },
  { arbitrary: plainString(1, 30), weight: 1 },
  { arbitrary: hostileString(30), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '',
      'p'.repeat(1024),
      'p'.repeat(1025),
      `${password} `,
      password.toUpperCase(),
    ),
    weight: 1,
  },
);
export const credentials = fc.record({ loginId, password: passwordValue });
