// GET /api/sales: every sale of the catalogue, with its lot count, currencies and figures from the
// sale record; with `?include=lots`, each with its lots and their state too, `recordedThrough` and
// the newest flags (the dashboard's one read of every sale); with `?include=flags`, only the flags
// and `recordedThrough` (no sales), with `&after=` only the flags recorded after that timetoken
// (the dashboard's read, every two seconds, of the flags raised since its last).
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { apiHandler } from '@/lib/server/api/api-handler';
import { apiRoute } from '@/lib/server/api/api-route';
import { recordBeforeRead } from '@/lib/server/record/record-before-read';
import { listSales, listSalesWithLots, recordedFlagsSince } from '@/lib/server/sales/list';

const querySchema = z.object({
  include: z.string().optional(),
  after: z
    .string()
    .regex(/^[1-9]\d{16}$/, 'must be a timetoken this API answered (recordedThrough)')
    .optional(),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, query: querySchema }, async ({ db, query }) => {
    // The desk's read: where no process records live, the record is brought up to date first.
    await recordBeforeRead(serverEnv(), db);
    if (query.include === 'lots') return Response.json(await listSalesWithLots(db));
    if (query.include === 'flags') return Response.json(await recordedFlagsSince(db, query.after));
    return Response.json({ items: await listSales(db) });
  }),
});
