// DELETE /api/staff/{loginId}/sessions: end every open session of an account (contract §15).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { endStaffSessions } from '@/lib/server/staff/end-staff-sessions';
import { noBodySchema, staffPathLoginId } from '@/lib/server/staff/staff-schemas';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  DELETE: apiHandler(
    { session: true, permission: 'manage-staff', reauth: true, body: noBodySchema },
    async ({ db, params, session }) => {
      await endStaffSessions(db, session.account, staffPathLoginId(params));
      return new Response(null, { status: 204 });
    },
  ),
});
