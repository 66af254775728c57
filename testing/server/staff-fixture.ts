import 'server-only';
import { NextRequest } from 'next/server';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';

// Staff accounts for the API tests, and their session cookies: the one place a test makes an
// account and signs it in. The lib and route modules are imported at the first call, never with
// this module: the env module each test file imports first (memory-database-env,
// postgres-database-env) must have chosen the database before any server module loads.

const origin = 'http://localhost:3000';
// Written out rather than imported, so that a test notices a rename on the wire.
const sessionCookieName = '__Host-gavel_session';

/** The password of every staff account the tests create, unless one is given. */
export const staffPassword = 'correct horse battery';

export interface StaffInput {
  loginId: string;
  /** Default: the login id. */
  displayName?: string;
  /** Default: clerk. */
  role?: Role;
  /** Default: `staffPassword`. */
  password?: string;
}

/** An account as a test uses it: what the domain's decision functions take as the actor. */
export interface StaffAccount {
  id: string;
  loginId: string;
  displayName: string;
  role: Role;
}

/** Creates a staff account directly in `db` (no request). */
export async function addStaff(db: Database, input: StaffInput): Promise<StaffAccount> {
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const { loginId, displayName = loginId, role = 'clerk', password = staffPassword } = input;
  const account = await createAccount(db, { loginId, displayName, password, role });
  return { id: account.id, loginId: account.loginId, displayName: account.displayName, role };
}

/** `POST /api/auth/sign-in` as the browser sends it: the answer, and the session cookie it set. */
export async function signIn(
  loginId: string,
  password = staffPassword,
): Promise<{ response: Response; cookie: string | null }> {
  const { POST } = await import('@/app/api/auth/sign-in/route');
  const response = await POST(
    new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId, password }),
    }),
  );
  const setCookie = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${sessionCookieName}=`));
  const cookie = setCookie?.split(';')[0]!.slice(sessionCookieName.length + 1) ?? null;
  return { response, cookie };
}

/** Signs an account in through the sign-in route and answers its session cookie's value. */
export async function signedIn(loginId: string, password = staffPassword): Promise<string> {
  const { response, cookie } = await signIn(loginId, password);
  expect(response.status).toBe(200);
  expect(cookie).toEqual(expect.any(String));
  return cookie!;
}

/** A new account, signed in through the sign-in route: its session cookie. */
export async function staffSignedIn(db: Database, input: StaffInput): Promise<string> {
  await addStaff(db, input);
  return signedIn(input.loginId, input.password);
}

/**
 * A session made directly (no sign-in, so nothing in the activity log), its password entered
 * `at` (last seen then too): the cookie's value.
 */
export async function sessionCookie(db: Database, accountId: string, at?: Date): Promise<string> {
  const { createSession } = await import('@/lib/server/auth/sessions');
  return (await createSession(db, accountId, process.env.SESSION_SECRET!, at)).cookieValue;
}

/** A new account with a session made directly: its session cookie. */
export async function staffSession(db: Database, input: StaffInput): Promise<string> {
  return sessionCookie(db, (await addStaff(db, input)).id);
}
