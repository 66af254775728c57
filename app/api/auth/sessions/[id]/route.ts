// DELETE /api/auth/sessions/{id}: ends one of the signed-in staff member's own live sessions; the
// cookie is cleared when it is this one.
import { endOwnSession } from '@/lib/server/auth/own-sessions';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { clearSessionCookie } from '@/lib/server/api/session-response';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  DELETE: apiHandler(
    { session: true, beforePasswordChange: true },
    async ({ session, db, params }) => {
      const ended = await endOwnSession(db, session, params.id ?? '');
      if (!ended) throw new ApiProblem('not_found', 'You have no open session with this id.');
      const response = new Response(null, { status: 204 });
      if (ended.current) clearSessionCookie(response);
      return response;
    },
  ),
});
