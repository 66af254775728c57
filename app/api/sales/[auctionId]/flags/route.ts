// GET /api/sales/{auctionId}/flags: the flags the recorder raised for a sale, newest first.
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { saleFlagList } from '@/lib/server/record/sale-flags';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true }, async ({ db, params }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    const flags = auctionId.success ? await saleFlagList(db, auctionId.data) : null;
    if (!flags) throw new ApiProblem('not_found', 'There is no such sale.');
    return Response.json(flags);
  }),
});
