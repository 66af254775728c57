// GET /api/auth/sessions: the signed-in staff member's own live sessions, the newest first.
import { listOwnSessions } from '@/lib/server/auth/own-sessions';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, beforePasswordChange: true }, async ({ session, db }) =>
    Response.json({ items: await listOwnSessions(db, session) }),
  ),
});
