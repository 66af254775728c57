// POST /api/staff/{loginId}/reset-password: a temporary password, the account's sessions ended (§15).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { resetStaffPassword } from '@/lib/server/staff/reset-staff-password';
import { noBodySchema, staffPathLoginId } from '@/lib/server/staff/staff-schemas';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    { session: true, permission: 'manage-staff', reauth: true, body: noBodySchema },
    async ({ db, params, session }) =>
      // The temporary password is in this answer only: shown once, never logged, kept as a hash.
      Response.json(await resetStaffPassword(db, session.account, staffPathLoginId(params))),
  ),
});
