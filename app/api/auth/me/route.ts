// GET /api/auth/me: the signed-in staff member, or 401.
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ session: { account } }) =>
    Response.json({
      loginId: account.loginId,
      displayName: account.displayName,
      role: account.role,
    }),
  ),
});
