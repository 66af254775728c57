// GET /api/cron/record: Vercel Cron's call (Authorization: Bearer CRON_SECRET) that records what
// is new on `bids` where no process records live, and deletes records and activity past their
// retention.
import { serverEnv } from '@/lib/env';
import { deleteOldActivity } from '@/lib/server/activity/retention';
import { isPlatformToken } from '@/lib/server/http/platform-token';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { recordNow } from '@/lib/server/record/record-now';
import { deleteOldRecords } from '@/lib/server/record/retention';

/** Within Vercel's shortest function limit, leaving time to answer. */
const cronBudgetMs = 8_000;

function requireCronSecret(request: Request) {
  const secret = serverEnv().cronSecret;
  if (secret === null)
    throw new ApiProblem(
      'forbidden',
      'CRON_SECRET is not set: this deployment takes no Cron call.',
    );
  if (!isPlatformToken(request.headers.get('authorization'), secret))
    throw new ApiProblem('unauthorized', 'The Cron secret is required.', {
      'www-authenticate': 'Bearer realm="gavel-cron"',
    });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ authorize: requireCronSecret }, async ({ db }) => {
    const env = serverEnv();
    // Whatever records the sale: where no process lives on (Vercel), only this call prunes the log.
    const activityDeleted = await deleteOldActivity(db, env.activityRetentionDays);
    if (env.recorder === 'off') return Response.json({ state: 'off', activityDeleted });
    // The embedded database's one process records live already: a second writer would only race it.
    if (env.recorder === 'live' && !env.databaseUrl) {
      return Response.json({ state: 'live', activityDeleted });
    }
    const outcome = await recordNow(env, db, cronBudgetMs);
    const deleted =
      env.recordRetentionDays === null ? null : await deleteOldRecords(db, env.recordRetentionDays);
    return Response.json({ ...outcome, deleted, activityDeleted });
  }),
});
