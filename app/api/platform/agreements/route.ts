// POST /api/platform/agreements: the auction platform's ingest of closed lots (bearer token).
import { serverEnv } from '@/lib/env';
import { ingestBodySchema } from '@/lib/server/agreements/agreement-input';
import { ingestAgreements } from '@/lib/server/agreements/ingest';
import { assertPlatformToken } from '@/lib/server/agreements/platform-token';
import { databaseHandle } from '@/lib/server/db/connection';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { apiHandler } from '@/lib/server/api/api-handler';

export const POST = apiHandler(
  {
    body: ingestBodySchema,
    crossOrigin: true,
    authorize: (request) =>
      assertPlatformToken(request.headers.get('authorization'), serverEnv().platformToken),
  },
  async ({ body, db }) => {
    const answer = await ingestAgreements(db, body.items);
    await refreshPlannerStatistics(await databaseHandle(), answer.created);
    return Response.json(answer);
  },
);
