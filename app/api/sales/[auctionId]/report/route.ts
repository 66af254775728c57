// GET /api/sales/{auctionId}/report: a sale's lots with and without agreement, and its money.
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/api/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';
import { findSaleReport } from '@/lib/server/sales/report';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  // Every role may see reports (contract §12); a sale without a catalogued lot is unknown, as in
  // GET /api/sales/{auctionId}, even when agreements name it.
  GET: apiHandler({ session: true, permission: 'see' }, async ({ db, params }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    const report = auctionId.success ? await findSaleReport(db, auctionId.data) : null;
    if (!report) throw new ApiProblem('not_found', 'There is no such sale.');
    return Response.json(report);
  }),
});
