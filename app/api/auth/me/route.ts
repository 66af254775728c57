// GET /api/auth/me: the signed-in staff member, or 401; `mustChangePassword` while a temporary
// password is not changed yet (contract §15), the one thing the screen lets them do then.
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, beforePasswordChange: true }, async ({ session: { account } }) =>
    Response.json({
      loginId: account.loginId,
      displayName: account.displayName,
      role: account.role,
      mustChangePassword: account.mustChangePassword,
    }),
  ),
});
