// GET /api/sales/{auctionId}: one sale, its lots in running order, each with its state from the
// sale record, and `recordedThrough`, the timetoken the browser goes live from.
import { serverEnv } from '@/lib/env';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { recordBeforeRead } from '@/lib/server/record/record-before-read';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';
import { findSale } from '@/lib/server/sales/sale';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, params }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    if (!auctionId.success) throw new ApiProblem('not_found', 'There is no such sale.');
    await recordBeforeRead(serverEnv(), db);
    const sale = await findSale(db, auctionId.data);
    if (!sale) throw new ApiProblem('not_found', 'There is no such sale.');
    return Response.json(sale);
  }),
});
