// GET /api/health: liveness and database reachability, for load balancers and the dashboard.
import { databaseIsUp } from '@/lib/server/db/database';
import { database } from '@/lib/server/db/connection';
import { noStore } from '@/lib/server/api/api-problem';

export const dynamic = 'force-dynamic';

export async function GET() {
  const up = await database()
    .then(databaseIsUp)
    .catch(() => false);
  return up
    ? Response.json({ status: 'ok', db: 'ok' }, { headers: noStore })
    : Response.json({ status: 'degraded', db: 'down' }, { status: 503, headers: noStore });
}
