// POST /api/auth/reauthenticate: the password entered again, so admin actions may go on for the
// next 15 minutes.
import { attemptSourceOf } from '@/lib/server/auth/password-check';
import { reauthenticate, reauthenticateBodySchema } from '@/lib/server/auth/reauthenticate';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, body: reauthenticateBodySchema },
    async ({ request, body, session, db }) => {
      const source = await attemptSourceOf(request, session.account.loginId);
      await reauthenticate(db, session, body.password, source);
      return new Response(null, { status: 204 });
    },
  ),
});
