// GET /api/health: liveness and database reachability, for load balancers and the dashboard.
import { apiRoute } from '@/lib/server/api/api-route';
import { database } from '@/lib/server/db/connection';
import { databaseIsUp } from '@/lib/server/db/database';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async () => {
    const up = await database()
      .then(databaseIsUp)
      .catch(() => false);
    return up
      ? Response.json({ status: 'ok', db: 'ok' })
      : Response.json({ status: 'degraded', db: 'down' }, { status: 503 });
  },
});
