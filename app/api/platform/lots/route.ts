// POST /api/platform/lots: the auction platform's catalogue ingest (bearer token), an upsert.
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { requirePlatformToken } from '@/lib/server/api/platform-auth';
import { databaseHandle } from '@/lib/server/db/connection';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { ingestLots } from '@/lib/server/sales/ingest';
import { lotIngestBodySchema } from '@/lib/server/sales/lot-input';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  POST: apiHandler(
    {
      body: lotIngestBodySchema,
      crossOrigin: true,
      authorize: requirePlatformToken,
    },
    async ({ body, db }) => {
      const result = await ingestLots(db, body.items);
      if (result.outcome === 'lot_number_taken') {
        // A valid batch that disagrees with the stored catalogue: a conflict, not a bad request.
        throw new ApiProblem(
          'conflict',
          `items.${result.index}.lotNumber: lot ${result.heldBy} of this sale has that number; ` +
            'renumber it in the same call, or choose a free number. Nothing was stored.',
        );
      }
      await refreshPlannerStatistics(await databaseHandle(), result.created);
      const { items, created, updated } = result;
      return Response.json({ items, created, updated });
    },
  ),
});
