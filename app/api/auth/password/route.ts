// POST /api/auth/password: the signed-in staff member changes their own password; the other
// sessions end. Answers while a temporary password must be changed.
import { changePassword, changePasswordBodySchema } from '@/lib/server/auth/change-password';
import { attemptSourceOf } from '@/lib/server/auth/password-check';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, beforePasswordChange: true, body: changePasswordBodySchema },
    async ({ request, body, session, db }) => {
      const source = await attemptSourceOf(request, session.account.loginId);
      await changePassword(db, session, body, source);
      return new Response(null, { status: 204 });
    },
  ),
});
