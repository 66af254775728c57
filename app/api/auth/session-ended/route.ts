// GET /api/auth/session-ended: where a page sends a session the database refused. Clears the
// cookie, so the edge stops taking it for valid, and lands on /sign, with `next=` the page it
// ended on when that is a safe one: no redirect loop. A session the database still accepts is
// left alone and goes on to that page (or /dash): a link any site can put in front of a
// signed-in clerk must not sign them out.
import { safeNextPath, signInHref } from '@/lib/auth/next-path';
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';
import { sessionOfCookie } from '@/lib/server/auth/cookie-session';
import { sessionCookieName } from '@/lib/server/auth/session-cookie';

export const dynamic = 'force-dynamic';

/** Whether the database accepts the request's session; a failure to ask is not a yes. */
async function sessionStillLive(cookie: string | undefined): Promise<boolean> {
  try {
    return (await sessionOfCookie(cookie)) !== null;
  } catch {
    return false;
  }
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const live = await sessionStillLive(request.cookies.get(sessionCookieName)?.value);
    // The page the session ended on, to come back to once signed in again.
    const next = safeNextPath(request.nextUrl.searchParams.get('next'));
    const response = new Response(null, {
      status: 303,
      headers: { location: live ? (next ?? '/dash') : signInHref(next ?? '/dash') },
    });
    if (!live) clearSessionCookie(response);
    return response;
  },
});
