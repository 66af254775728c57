// PATCH /api/staff/{loginId} {role?, status?}: change an account's role, disable or enable it (§15).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { changeStaff } from '@/lib/server/staff/change-staff';
import { staffChangeSchema, staffPathLoginId } from '@/lib/server/staff/staff-schemas';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  PATCH: apiHandler(
    { session: true, permission: 'manage-staff', reauth: true, body: staffChangeSchema },
    async ({ db, body, params, session }) =>
      Response.json({
        account: await changeStaff(db, session.account, staffPathLoginId(params), body),
      }),
  ),
});
