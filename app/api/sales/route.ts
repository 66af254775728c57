// GET /api/sales: every sale of the catalogue, with its lot count, currencies and figures from the
// sale record; with `?include=lots`, each with its lots and their state too, and `recordedThrough`
// (the dashboard's one read of every sale).
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { listSales, listSalesWithLots } from '@/lib/server/sales/list';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, request }) =>
    Response.json(
      request.nextUrl.searchParams.get('include') === 'lots'
        ? await listSalesWithLots(db)
        : { items: await listSales(db) },
    ),
  ),
});
