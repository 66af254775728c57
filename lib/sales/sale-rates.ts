// Per sale, its bids per second over its last minute (docs/product-contract.md §11: "bids in the
// last minute" of each sale), counted as bids arrive so other sales' bids never push a sale's own
// out of the count. Bounded: at most `maxSales` sales, the one bid on longest ago dropped first.
import { createRateBuckets } from './rate-buckets';
import { timetokenToMs } from '@/lib/sale-desk/timetoken';

/** One sale's bids per second over its last minute of publish time (`createRateBuckets(60)`). */
export interface SaleRate {
  /** Oldest first, ending at `endsAt`. */
  perSecond: readonly number[];
  /** The start (ms) of the latest second counted. */
  endsAt: number;
}

interface Kept {
  buckets: ReturnType<typeof createRateBuckets>;
  /** What the last snapshot showed of it; null once a bid has changed it since. */
  shown: SaleRate | null;
}

export function createSaleRates(maxSales: number) {
  // In order of the latest bid, the least recent first (a Map keeps insertion order).
  const sales = new Map<string, Kept>();
  let shown: ReadonlyMap<string, SaleRate> = new Map();
  let changedSince = false;

  /** `bids` of the sale published in `second` (epoch seconds). */
  function countSecond(auctionId: string, second: number, bids: number) {
    let kept = sales.get(auctionId);
    if (kept) sales.delete(auctionId);
    else kept = { buckets: createRateBuckets(60), shown: null };
    sales.set(auctionId, kept);
    if (sales.size > maxSales) sales.delete(sales.keys().next().value!);
    kept.buckets.countSecond(second, bids);
    kept.shown = null;
    changedSince = true;
  }

  return {
    count: (auctionId: string, timetoken: string) =>
      countSecond(auctionId, Math.floor(timetokenToMs(timetoken) / 1000), 1),
    /** Counts read elsewhere (the record's, before the first messages a dashboard takes). */
    countSecond,
    /**
     * Each sale's rate, the sales bid on least recently first: the same map while no bid came,
     * and the same object for a sale no bid changed, so a view of one sale can tell it held.
     */
    snapshot(): ReadonlyMap<string, SaleRate> {
      if (!changedSince) return shown;
      const next = new Map<string, SaleRate>();
      for (const [auctionId, kept] of sales) {
        kept.shown ??= { perSecond: kept.buckets.perSecond(), endsAt: kept.buckets.endsAt() };
        next.set(auctionId, kept.shown);
      }
      shown = next;
      changedSince = false;
      return shown;
    },
    clear() {
      sales.clear();
      shown = new Map();
      changedSince = false;
    },
  };
}
