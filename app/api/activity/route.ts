// GET /api/activity?person=&kind=&from=&to=&cursor=&limit=&format=: a page of the activity log,
// the newest first, for supervisors and admins; `format=csv` downloads the whole filtered log.
import { activityCsv, activityCsvFileName } from '@/lib/server/activity/activity-csv';
import { activityQuerySchema } from '@/lib/server/activity/activity-query';
import { listActivity } from '@/lib/server/activity/read-activity';
import { recordActivity } from '@/lib/server/activity/record-activity';
import { apiHandler } from '@/lib/server/api/api-handler';
import { withoutQueryDetails } from '@/lib/server/http/error-summary';
import { apiRoute } from '@/lib/server/api/api-route';

/** The filter as it was asked for: the parameters that choose events, with a value. */
const askedFilter = (search: URLSearchParams) =>
  Object.fromEntries(
    ['person', 'kind', 'from', 'to'].flatMap((key) => {
      const value = search.get(key);
      return value ? [[key, value.slice(0, 254)]] : [];
    }),
  );

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler(
    { session: true, permission: 'see-activity', query: activityQuerySchema },
    async ({ query, db, session, request }) => {
      if (query.format === 'json') return Response.json(await listActivity(db, query));
      const logExport = (rows: number) =>
        recordActivity(db, {
          kind: 'activity_exported',
          actor: session.account,
          detail: { filter: askedFilter(request.nextUrl.searchParams), rows },
        }).catch((error: unknown) => {
          // The file went out: a log that could not be written does not turn it into a failure.
          console.error(
            'gavel: the activity export could not be logged',
            withoutQueryDetails(error),
          );
        });
      return new Response(await activityCsv(db, query, undefined, logExport), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${activityCsvFileName(new Date())}"`,
        },
      });
    },
  ),
});
