// GET /api/sales: every sale of the catalogue, with its lot count, currencies and figures from the
// sale record; with `?include=lots`, each with its lots and their state too, `recordedThrough` and
// the newest flags (the dashboard's one read of every sale); with `?include=flags`, the flags and
// `recordedThrough` without the lots (the dashboard's read of the flags raised since).
import { serverEnv } from '@/lib/env';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { recordBeforeRead } from '@/lib/server/record/record-before-read';
import { listSales, listSalesWithFlags, listSalesWithLots } from '@/lib/server/sales/list';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, request }) => {
    // The desk's read: where no process records live, the record is brought up to date first.
    await recordBeforeRead(serverEnv(), db);
    const include = request.nextUrl.searchParams.get('include');
    if (include === 'lots') return Response.json(await listSalesWithLots(db));
    if (include === 'flags') return Response.json(await listSalesWithFlags(db));
    return Response.json({ items: await listSales(db) });
  }),
});
