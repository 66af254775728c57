// GET /api/staff: every staff account; POST /api/staff: add one with a temporary password (§15).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { addStaff } from '@/lib/server/staff/add-staff';
import { listStaff } from '@/lib/server/staff/list-staff';
import { newStaffSchema } from '@/lib/server/staff/staff-schemas';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, permission: 'manage-staff' }, async ({ db }) =>
    Response.json({ items: await listStaff(db) }),
  ),
  POST: apiHandler(
    { session: true, permission: 'manage-staff', reauth: true, body: newStaffSchema },
    async ({ db, body, session }) =>
      // The temporary password is in this answer only: shown once, never logged, kept as a hash.
      Response.json(await addStaff(db, session.account, body), { status: 201 }),
  ),
});
