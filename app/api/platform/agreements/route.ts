// POST /api/platform/agreements: the auction platform's ingest of closed lots (bearer token).
import { ingestBodySchema } from '@/lib/server/agreements/agreement-input';
import { ingestAgreements } from '@/lib/server/agreements/ingest';
import { databaseHandle } from '@/lib/server/db/connection';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { requirePlatformToken } from '@/lib/server/api/platform-auth';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    {
      body: ingestBodySchema,
      crossOrigin: true,
      authorize: requirePlatformToken,
    },
    async ({ body, db }) => {
      const answer = await ingestAgreements(db, body.items);
      await refreshPlannerStatistics(await databaseHandle(), answer.created);
      return Response.json(answer);
    },
  ),
});
