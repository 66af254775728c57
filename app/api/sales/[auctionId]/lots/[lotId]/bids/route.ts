// GET /api/sales/{auctionId}/lots/{lotId}/bids?cursor=: every recorded bid of a lot, newest first,
// in keyset pages of up to 100, each with its rise over the bid before it.
import { z } from 'zod';
import { apiHandler } from '@/lib/server/api/api-handler';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { apiRoute } from '@/lib/server/api/api-route';
import { lotBidsPage } from '@/lib/server/record/lot-bids';
import { auctionIdParamSchema } from '@/lib/server/sales/lot-input';

const querySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{16}$/, 'must be a cursor this API answered (nextCursor)')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: apiHandler({ session: true, query: querySchema }, async ({ db, params, query }) => {
    const auctionId = auctionIdParamSchema.safeParse(params.auctionId);
    const lotId = auctionIdParamSchema.safeParse(params.lotId);
    const page =
      auctionId.success && lotId.success
        ? await lotBidsPage(db, auctionId.data, lotId.data, query)
        : null;
    if (!page) throw new ApiProblem('not_found', 'There is no such lot.');
    return Response.json(page);
  }),
});
