import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { pageHeader, safeNextPath } from '@/lib/auth/next-path';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import { sessionOfCookie } from './cookie-session';
import { sessionCookieName } from './session-cookie';
import type { ActiveSession } from './sessions';

/**
 * The session the database accepts for this page request, or null (no redirect). Looked up once
 * per request: a page's metadata and its render ask the same question.
 */
export const currentPageSession = cache(async (): Promise<ActiveSession | null> => {
  try {
    return await sessionOfCookie((await cookies()).get(sessionCookieName)?.value);
  } catch (error) {
    // The page's error boundary and the server log see the failure, not the query's parameters.
    throw withoutQueryDetails(error);
  }
});

/**
 * A staff member with a temporary password changes it before anything else (contract §15): a
 * page that shows data sends them to /account, where the form is.
 */
export function requirePasswordChanged(session: ActiveSession | null): void {
  if (session?.account.mustChangePassword) redirect('/account');
}

/**
 * The server check of a guarded page: the session the database accepts, or off to
 * `/api/auth/session-ended`, which clears the cookie and lands on /sign (no loop), told which
 * page to come back to after signing in (`/dash?sale=…` keeps the clerk's sale).
 */
export async function requirePageSession(): Promise<ActiveSession> {
  const session = await currentPageSession();
  if (!session) {
    const page = safeNextPath((await headers()).get(pageHeader));
    redirect(
      page ? `/api/auth/session-ended?next=${encodeURIComponent(page)}` : '/api/auth/session-ended',
    );
  }
  requirePasswordChanged(session);
  return session;
}
