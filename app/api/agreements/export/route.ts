// GET /api/agreements/export?status=&sale=&q=&sort=: every agreement the filter shows, as CSV.
import { exportQuerySchema } from '@/lib/server/agreements/agreement-input';
import { agreementsCsv, exportBatchSize, exportFileName } from '@/lib/server/agreements/export';
import { readAgreements } from '@/lib/server/agreements/list';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  // Every role may export (contract §12).
  GET: apiHandler(
    { session: true, permission: 'see', query: exportQuerySchema },
    async ({ query, db }) => {
      const csv = await agreementsCsv((after) => readAgreements(db, query, after, exportBatchSize));
      const fileName = exportFileName(query.status, query.sale, new Date());
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${fileName}"`,
        },
      });
    },
  ),
});
