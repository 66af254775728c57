// GET /api/sales/{auctionId}/report: a sale's lots with and without agreement, its money, and
// each lot's estimate, result in the sale record, agreement and flags.
import { serverEnv } from '@/lib/env';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { recordBeforeRead } from '@/lib/server/record/record-before-read';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';
import { findSaleReport } from '@/lib/server/sales/report';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  // Every role may see reports (contract §12); a sale without a catalogued lot is unknown, as in
  // GET /api/sales/{auctionId}, even when agreements name it.
  GET: apiHandler({ session: true, permission: 'see' }, async ({ db, params }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    if (!auctionId.success) throw new ApiProblem('not_found', 'There is no such sale.');
    // The lot table shows the record's states: like every sale read, it first catches the record
    // up where no process records live (contract §13).
    await recordBeforeRead(serverEnv(), db);
    const report = await findSaleReport(db, auctionId.data);
    if (!report) throw new ApiProblem('not_found', 'There is no such sale.');
    return Response.json(report);
  }),
});
