// GET /api/auth/session-status: 204 while the request's session is live, 401 once it is not. An
// open tab asks every few seconds, so that a disabled account's or ended session's tab signs out
// at once: one lookup, and asking neither slides the idle timeout nor writes anything.
import { NextRequest } from 'next/server';
import { resolveSession } from '@/lib/server/auth/sessions';
import { sessionCookieName } from '@/lib/server/auth/session-cookie';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem, problemResponse } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';

/** The request without its cookies: apiHandler, given none, looks up no session of its own. */
function withoutCookies(request: NextRequest): NextRequest {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  return new NextRequest(request.url, { method: request.method, headers });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => {
    const cookie = request.cookies.get(sessionCookieName)?.value;
    // apiHandler for the envelope and the database's failures; its own session lookup would
    // slide the idle timeout, so the cookie is read here, with `slide: false`.
    const check = apiHandler({}, async ({ db }) => {
      const session = cookie
        ? await resolveSession(db, cookie, signingSecret(), new Date(), { slide: false })
        : null;
      if (session) return new Response(null, { status: 204 });
      const response = problemResponse(new ApiProblem('unauthorized', 'Sign in to continue.'));
      if (cookie) clearSessionCookie(response);
      return response;
    });
    return check(withoutCookies(request));
  },
});
