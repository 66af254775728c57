// GET /api/sales: every sale of the catalogue, with its lot count and currencies; with
// `?include=lots`, each with its lots too (the dashboard's one read of the catalogue).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { listSales, listSalesWithLots } from '@/lib/server/sales/list';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, request }) =>
    Response.json({
      items:
        request.nextUrl.searchParams.get('include') === 'lots'
          ? await listSalesWithLots(db)
          : await listSales(db),
    }),
  ),
});
