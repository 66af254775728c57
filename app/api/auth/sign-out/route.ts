// POST /api/auth/sign-out: revokes the session in the database, logs it and clears the cookie.
import { recordActivity } from '@/lib/server/activity/record-activity';
import { revokeSession } from '@/lib/server/auth/sessions';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler({}, async ({ session, db }) => {
    if (session) {
      await db.transaction(async (tx) => {
        await revokeSession(tx, session.sessionId, 'sign-out');
        await recordActivity(tx, { kind: 'sign_out', actor: session.account });
      });
    }
    const response = new Response(null, { status: 204 });
    clearSessionCookie(response);
    return response;
  }),
});
