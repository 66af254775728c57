import { createRecentIds } from '@/lib/sale-desk/flags/bounded-recent';
import {
  classifyMessage,
  type BidPlaced,
  type LotClosed,
  type LotOpened,
} from '@/lib/sale-desk/bid-messages';
import type { EarlierCount, IncomingMessage, StoredBid } from '@/lib/sale-desk/stored-messages';
import { createLotBoard, type LotSummary } from './lot-board';
import { createRateBuckets } from '@/lib/sales/rate-buckets';
import { createSaleRates, type SaleRate } from '@/lib/sales/sale-rates';
import { isNewer, latestOf } from '@/lib/sale-desk/timetoken';
import { createFrameSnapshot } from './frame-snapshot';

export { isLotClosed, type LotSummary } from './lot-board';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'denied';

export interface MessageCounters {
  bids: number;
  invalid: number;
  undecryptable: number;
  unknownType: number;
  duplicates: number;
}

/** The first load's replay of earlier bids from history (docs/product-contract.md §11). */
export type EarlierBids =
  | { state: 'waiting' }
  | { state: 'loading' }
  | { state: 'loaded'; bids: number }
  | { state: 'failed' };

/** Until the earlier bids are in, the feed and the rates are still filling. */
export const isReplaying = ({ earlier }: Pick<BidStoreSnapshot, 'earlier'>): boolean =>
  earlier.state === 'waiting' || earlier.state === 'loading';

export interface BidStoreSnapshot {
  /** Newest first, by timetoken; at most `windowSize`. */
  bids: readonly StoredBid[];
  /** Most recently bid on first. */
  lots: readonly LotSummary[];
  counters: MessageCounters;
  connection: ConnectionState;
  watching: number | null;
  lastTimetoken: string | null;
  /** Bids caught up after the last reconnect, once known. */
  replayed: number | null;
  earlier: EarlierBids;
  /** Bids per second for the last `rateSeconds` seconds, oldest first (publish time). */
  ratePerSecond: readonly number[];
  /** The publish time (ms) the rate window ends at. */
  rateEndsAt: number;
  /**
   * Per sale, its bids per second over its last minute: counted as bids arrive, so a sale's
   * "bids in the last minute" holds however many bids of other sales push its own out of `bids`.
   */
  saleRates: ReadonlyMap<string, SaleRate>;
}

/** Told of every new bid, close and open the store accepts (the sale desk: catalogue, flags). */
export interface BidStoreObserver {
  onBid(bid: BidPlaced, timetoken: string): void;
  onLotClosed(closed: LotClosed, timetoken: string): void;
  onLotOpened(opened: LotOpened, timetoken: string): void;
  reset(): void;
}

interface BidStoreOptions {
  observer?: BidStoreObserver;
  windowSize?: number;
  maxLots?: number;
  /** Sales whose rate of the last minute is kept (one bucket per second each). */
  maxSales?: number;
  rateSeconds?: number;
  /** Defers notifications to the next animation frame (one React commit per frame at most). */
  schedule?: (flush: () => void) => void;
}

const emptyCounters = (): MessageCounters => ({
  bids: 0,
  invalid: 0,
  undecryptable: 0,
  unknownType: 0,
  duplicates: 0,
});

const nextFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The foundation store of live bids (docs/product-contract.md §6.4): validates, deduplicates by
 * bidId, orders by timetoken, keeps a bounded window, aggregates per lot, and notifies at most
 * once per frame.
 * Memory is bounded whatever the rate: the window, the lots, the seen ids and the rate buckets
 * (the whole stream's and, per sale, at most `maxSales` of a minute each).
 */
export function createBidStore({
  windowSize = 500,
  maxLots = 200,
  maxSales = 100,
  rateSeconds = 300,
  schedule = nextFrame,
  observer,
}: BidStoreOptions = {}) {
  // Newest first. Changed in place; the snapshot copies it once per frame, not once per bid.
  const bids: StoredBid[] = [];
  const lots = createLotBoard(maxLots);
  const rate = createRateBuckets(rateSeconds);
  const saleRates = createSaleRates(maxSales);
  const seenBidIds = createRecentIds(windowSize * 20);
  let counters = emptyCounters();
  let connection: ConnectionState = 'connecting';
  let watching: number | null = null;
  let lastTimetoken: string | null = null;
  let replayed: number | null = null;
  let earlier: EarlierBids = { state: 'waiting' };

  const published = createFrameSnapshot(build, schedule);
  const changed = published.changed;

  function build(): BidStoreSnapshot {
    return {
      bids: bids.slice(),
      lots: lots.list(),
      counters: { ...counters },
      connection,
      watching,
      lastTimetoken,
      replayed,
      earlier,
      ratePerSecond: rate.perSecond(),
      rateEndsAt: rate.endsAt(),
      saleRates: saleRates.snapshot(),
    };
  }

  function insertBid(bid: StoredBid) {
    // Out-of-order arrivals go to their place; the usual new bid stops at index 0.
    let index = 0;
    while (index < bids.length && isNewer(bids[index]!.timetoken, bid.timetoken)) index += 1;
    if (index >= windowSize) return;
    bids.splice(index, 0, bid);
    if (bids.length > windowSize) bids.length = windowSize;
  }

  /** Returns true when the message added a new bid. */
  function ingestOne(message: IncomingMessage): boolean {
    lastTimetoken = latestOf(message.timetoken, lastTimetoken);
    if (message.error) {
      counters.undecryptable += 1;
      return false;
    }
    const classified = classifyMessage(message.payload);
    switch (classified.kind) {
      case 'invalid':
        counters.invalid += 1;
        return false;
      case 'unknown-type':
        counters.unknownType += 1;
        return false;
      case 'lot-closed':
        lots.close(classified.closed, message.timetoken);
        observer?.onLotClosed(classified.closed, message.timetoken);
        return false;
      case 'lot-opened':
        // Neither invalid nor unknown; the sale desk keeps which lots are open. A lot re-opened
        // after its close takes bids again.
        lots.open(classified.opened, message.timetoken);
        observer?.onLotOpened(classified.opened, message.timetoken);
        return false;
      case 'bid': {
        if (seenBidIds.has(classified.bid.bidId)) {
          counters.duplicates += 1;
          return false;
        }
        seenBidIds.add(classified.bid.bidId);
        const bid = { ...classified.bid, timetoken: message.timetoken };
        counters.bids += 1;
        insertBid(bid);
        lots.addBid(bid);
        rate.count(message.timetoken);
        saleRates.count(bid.auctionId, message.timetoken);
        observer?.onBid(classified.bid, message.timetoken);
        return true;
      }
    }
  }

  return {
    /** Takes messages as they come; returns how many new bids they added. */
    ingest(messages: IncomingMessage | IncomingMessage[]): number {
      const list = Array.isArray(messages) ? messages : [messages];
      let added = 0;
      for (const message of list) if (ingestOne(message)) added += 1;
      if (list.length > 0) changed();
      return added;
    },
    setConnection(state: ConnectionState) {
      if (state === connection) return;
      connection = state;
      changed();
    },
    setWatching(count: number | null) {
      if (count === watching) return;
      watching = count;
      changed();
    },
    setReplayed(count: number) {
      if (count === replayed) return;
      replayed = count;
      changed();
    },
    setEarlier(state: EarlierBids) {
      earlier = state;
      changed();
    },
    /**
     * Bids published before the first messages taken, counted by the record per second and sale
     * (`GET /api/realtime/earlier`): the rates start whole rather than from those messages.
     */
    countEarlier(counts: readonly EarlierCount[]) {
      if (counts.length === 0) return;
      for (const { second, auctionId, bids: count } of counts) {
        rate.countSecond(second, count);
        saleRates.countSecond(auctionId, second, count);
      }
      changed();
    },
    /** Bids held with a timetoken after `after` and at or before `until`. */
    countBidsBetween(after: string, until: string): number {
      return bids.filter((bid) => isNewer(bid.timetoken, after) && !isNewer(bid.timetoken, until))
        .length;
    },
    getSnapshot: published.getSnapshot,
    subscribe: published.subscribe,
    /** Sign-out: nothing of the last session's sale stays in memory. */
    reset() {
      bids.length = 0;
      lots.clear();
      seenBidIds.clear();
      counters = emptyCounters();
      connection = 'connecting';
      watching = null;
      lastTimetoken = null;
      replayed = null;
      earlier = { state: 'waiting' };
      rate.clear();
      saleRates.clear();
      observer?.reset();
      changed();
    },
  };
}

export type BidStore = ReturnType<typeof createBidStore>;
