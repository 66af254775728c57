// GET /api/activity?person=&kind=&from=&to=&cursor=&limit=&format=: a page of the activity log,
// the newest first, for supervisors and admins; `format=csv` downloads the whole filtered log.
import { activityCsv, activityCsvFileName } from '@/lib/server/activity/activity-csv';
import { activityQuerySchema } from '@/lib/server/activity/activity-query';
import { listActivity } from '@/lib/server/activity/read-activity';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler(
    { session: true, permission: 'see-activity', query: activityQuerySchema },
    async ({ query, db }) => {
      if (query.format === 'json') return Response.json(await listActivity(db, query));
      return new Response(await activityCsv(db, query), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${activityCsvFileName(new Date())}"`,
        },
      });
    },
  ),
});
