// POST /api/auth/sign-out: revokes the session in the database and clears the cookie.
import { revokeSession } from '@/lib/server/auth/sessions';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler({}, async ({ session, db }) => {
    if (session) await revokeSession(db, session.sessionId, 'sign-out');
    const response = new Response(null, { status: 204 });
    clearSessionCookie(response);
    return response;
  }),
});
