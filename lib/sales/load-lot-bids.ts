import { apiRequest } from '@/lib/api/api-client';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import { lotBidsPageSchema } from './lot';

/** Pages read at most for one panel: 5,000 bids, far more than any lot takes. */
const maxPages = 50;

/**
 * A lot's bids from the console's record (docs/product-contract.md §13), newest first, page after
 * page until `want` are read or the lot has no more: the lot panel's ladder however old the bids.
 */
export async function loadRecordedLotBids(
  lot: { auctionId: string; lotId: string; lotTitle: string },
  want: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StoredBid[]> {
  const bids: StoredBid[] = [];
  const path =
    `/api/sales/${encodeURIComponent(lot.auctionId)}/lots/${encodeURIComponent(lot.lotId)}/bids` as const;
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const query: string = cursor ? `?cursor=${cursor}` : '';
    const answer = await apiRequest(`${path}${query}`, {
      schema: lotBidsPageSchema,
      background: true,
      signal,
    });
    for (const item of answer.items)
      bids.push({
        type: 'bid.placed',
        v: 1,
        bidId: item.bidId,
        auctionId: lot.auctionId,
        lotId: lot.lotId,
        lotTitle: lot.lotTitle,
        bidder: item.bidder,
        amount: item.amount,
        currency: item.currency,
        placedAt: item.placedAt,
        timetoken: item.timetoken,
      });
    cursor = answer.nextCursor;
    if (cursor === null || bids.length >= want) break;
  }
  return bids;
}
