// GET /api/agreements/export?status=&sale=&q=&sort=&format=: every agreement the filter shows, as
// CSV (the default) or an Excel workbook.
import { exportCsv } from '@/lib/server/agreements/csv-stream';
import { exportBatchSize, exportFileName, exportRowPages } from '@/lib/server/agreements/export';
import { readExportPage } from '@/lib/server/agreements/export-page';
import { exportFormats, exportRequestSchema } from '@/lib/server/agreements/export-query';
import { loggedExport } from '@/lib/server/agreements/logged-export';
import { exportXlsx } from '@/lib/server/agreements/xlsx-stream';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  // Every role may export (contract §12).
  GET: apiHandler(
    { session: true, permission: 'see', query: exportRequestSchema },
    async ({ query, db, session }) => {
      // One source of rows for both files: the writers only format them. The activity log learns
      // who exported which filter and how many rows once the last page is read (§15).
      const pages = loggedExport(
        db,
        session.account,
        query,
        await exportRowPages((after) => readExportPage(db, query, after, exportBatchSize)),
      );
      const body = query.format === 'xlsx' ? exportXlsx(pages) : exportCsv(pages);
      const fileName = exportFileName(query.status, query.sale, new Date(), query.format);
      return new Response(body, {
        headers: {
          'content-type': exportFormats[query.format].contentType,
          'content-disposition': `attachment; filename="${fileName}"`,
        },
      });
    },
  ),
});
