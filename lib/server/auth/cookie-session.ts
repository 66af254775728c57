import 'server-only';
import { database } from '@/lib/server/db/connection';
import { resolveSession, type ActiveSession } from './sessions';
import { signingSecret } from './signing-secret';

/** The session the database accepts for a session cookie's value: null for none or a refused one. */
export async function sessionOfCookie(cookie: string | undefined): Promise<ActiveSession | null> {
  if (!cookie) return null;
  return resolveSession(await database(), cookie, signingSecret());
}
