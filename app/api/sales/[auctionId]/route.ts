// GET /api/sales/{auctionId}: one sale and its lots in running order.
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';
import { findSale } from '@/lib/server/sales/sale';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, params }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    const sale = auctionId.success ? await findSale(db, auctionId.data) : null;
    if (!sale) throw new ApiProblem('not_found', 'There is no such sale.');
    return Response.json(sale);
  }),
});
