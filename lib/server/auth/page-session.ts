import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { database } from '@/lib/server/db/connection';
import { sessionCookieName } from './session-cookie';
import { resolveSession, type ActiveSession } from './sessions';
import { signingSecret } from './signing-secret';

/** The session the database accepts for this page request, or null (no redirect). */
export async function currentPageSession(): Promise<ActiveSession | null> {
  const cookie = (await cookies()).get(sessionCookieName)?.value;
  return cookie ? await resolveSession(await database(), cookie, signingSecret()) : null;
}

/**
 * The server check of a guarded page: the session the database accepts, or off to
 * `/api/auth/session-ended`, which clears the cookie and lands on /sign (no loop).
 */
export async function requirePageSession(): Promise<ActiveSession> {
  const session = await currentPageSession();
  if (!session) redirect('/api/auth/session-ended');
  return session;
}
