// GET /api/sales: every sale of the catalogue, with its lot count and currencies.
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { listSales } from '@/lib/server/sales/list';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db }) =>
    Response.json({ items: await listSales(db) }),
  ),
});
