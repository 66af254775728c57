import 'server-only';
import type { Database } from '@/lib/server/db/database';

/**
 * A clerk's account and the value of a session cookie for it, in `db`: what a route test signs in
 * with. The auth modules are imported here, after the test file's env module chose the database.
 */
export async function clerkSessionCookie(db: Database, loginId: string): Promise<string> {
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const { createSession } = await import('@/lib/server/auth/sessions');
  const account = await createAccount(db, {
    loginId,
    displayName: loginId,
    password: 'a password',
    role: 'clerk',
  });
  return (await createSession(db, account.id, process.env.SESSION_SECRET!)).cookieValue;
}
