// The bid store's decisions, apart from the frame, the subscribers and the sale desk
// (docs/adr/0040-pure-transitions-and-one-composition-root.md): `bid-store.ts` holds one state,
// hands it what happens, tells the desk what `takeMessage` answers and publishes the snapshot.
import { createRecentIds } from '@/lib/sale-desk/flags/bounded-recent';
import { classifyMessage, type ClassifiedMessage } from '@/lib/sale-desk/bid-messages';
import type { EarlierCount, IncomingMessage, StoredBid } from '@/lib/sale-desk/stored-messages';
import { createRateBuckets } from '@/lib/sales/rate-buckets';
import { createSaleRates } from '@/lib/sales/sale-rates';
import { isNewer, latestOf } from '@/lib/sale-desk/timetoken';
import type { BidStoreSnapshot, ConnectionState, EarlierBids, MessageCounters } from './bid-store';
import { createLotBoard } from './lot-board';

export interface BidStoreLimits {
  windowSize: number;
  maxLots: number;
  /** Sales whose rate of the last minute is kept (one bucket per second each). */
  maxSales: number;
  rateSeconds: number;
}

/**
 * What the store holds. The transitions below change it in place and nothing else: the window and
 * the lots are copied into the snapshot once per frame (one notification a frame, ADR 13), never
 * once per bid. Memory is bounded whatever the rate: the window, the lots, the seen ids and the
 * rate buckets (the whole stream's and, per sale, at most `maxSales` of a minute each).
 */
export interface BidStoreState {
  readonly windowSize: number;
  /** Newest first, by timetoken; at most `windowSize`. */
  readonly bids: StoredBid[];
  readonly lots: ReturnType<typeof createLotBoard>;
  readonly rate: ReturnType<typeof createRateBuckets>;
  readonly saleRates: ReturnType<typeof createSaleRates>;
  readonly seenBidIds: ReturnType<typeof createRecentIds>;
  counters: MessageCounters;
  connection: ConnectionState;
  watching: number | null;
  lastTimetoken: string | null;
  replayed: number | null;
  earlier: EarlierBids;
}

const emptyCounters = (): MessageCounters => ({
  bids: 0,
  invalid: 0,
  undecryptable: 0,
  unknownType: 0,
  duplicates: 0,
});

export function initialBidStore(limits: BidStoreLimits): BidStoreState {
  return {
    windowSize: limits.windowSize,
    bids: [],
    lots: createLotBoard(limits.maxLots),
    rate: createRateBuckets(limits.rateSeconds),
    saleRates: createSaleRates(limits.maxSales),
    seenBidIds: createRecentIds(limits.windowSize * 20),
    counters: emptyCounters(),
    connection: 'connecting',
    watching: null,
    lastTimetoken: null,
    replayed: null,
    earlier: { state: 'waiting' },
  };
}

/** What the sale desk is told of: a new bid, a close, an open (the store's observer). */
export type Told = Extract<ClassifiedMessage, { kind: 'bid' | 'lot-closed' | 'lot-opened' }>;

function insertBid(state: BidStoreState, bid: StoredBid) {
  const { bids, windowSize } = state;
  // Out-of-order arrivals go to their place; the usual new bid stops at index 0.
  let index = 0;
  while (index < bids.length && isNewer(bids[index]!.timetoken, bid.timetoken)) index += 1;
  if (index >= windowSize) return;
  bids.splice(index, 0, bid);
  if (bids.length > windowSize) bids.length = windowSize;
}

/**
 * One message, the hot path (ADR 13): validated, deduplicated by bidId, counted, kept. Answers
 * what the sale desk must be told (the classification made anyway, so nothing is allocated for
 * it), null when nothing. Every message changes the snapshot (a counter, `lastTimetoken`).
 */
export function takeMessage(state: BidStoreState, message: IncomingMessage): Told | null {
  state.lastTimetoken = latestOf(message.timetoken, state.lastTimetoken);
  const { counters } = state;
  if (message.error) {
    counters.undecryptable += 1;
    return null;
  }
  const classified = classifyMessage(message.payload);
  switch (classified.kind) {
    case 'invalid':
      counters.invalid += 1;
      return null;
    case 'unknown-type':
      counters.unknownType += 1;
      return null;
    case 'lot-closed':
      state.lots.close(classified.closed, message.timetoken);
      return classified;
    case 'lot-opened':
      // Neither invalid nor unknown; the sale desk keeps which lots are open. A lot re-opened
      // after its close takes bids again.
      state.lots.open(classified.opened, message.timetoken);
      return classified;
    case 'bid': {
      if (state.seenBidIds.has(classified.bid.bidId)) {
        counters.duplicates += 1;
        return null;
      }
      state.seenBidIds.add(classified.bid.bidId);
      const bid = { ...classified.bid, timetoken: message.timetoken };
      counters.bids += 1;
      insertBid(state, bid);
      state.lots.addBid(bid);
      state.rate.count(message.timetoken);
      state.saleRates.count(bid.auctionId, message.timetoken);
      return classified;
    }
  }
}

export type BidStoreEvent =
  | { type: 'connection'; connection: ConnectionState }
  | { type: 'watching'; count: number | null }
  | { type: 'replayed'; count: number }
  | { type: 'earlier'; earlier: EarlierBids }
  /**
   * Bids published before the first messages taken, counted by the record per second and sale
   * (`GET /api/realtime/earlier`): the rates start whole rather than from those messages.
   */
  | { type: 'earlier-counts'; counts: readonly EarlierCount[] }
  /** Sign-out: nothing of the last session's sale stays in memory. */
  | { type: 'reset' };

export type BidStoreEffect =
  /** The snapshot changed: rebuilt and announced at the next frame. */
  | { type: 'publish' }
  /** The sale desk forgets the last session too. */
  | { type: 'reset-observer' };

const unchanged: readonly BidStoreEffect[] = [];
const published: readonly BidStoreEffect[] = [{ type: 'publish' }];
const resetPublished: readonly BidStoreEffect[] = [{ type: 'reset-observer' }, { type: 'publish' }];

export function nextBidStore(
  state: BidStoreState,
  event: BidStoreEvent,
): readonly BidStoreEffect[] {
  switch (event.type) {
    case 'connection':
      if (event.connection === state.connection) return unchanged;
      state.connection = event.connection;
      return published;
    case 'watching':
      if (event.count === state.watching) return unchanged;
      state.watching = event.count;
      return published;
    case 'replayed':
      if (event.count === state.replayed) return unchanged;
      state.replayed = event.count;
      return published;
    case 'earlier':
      state.earlier = event.earlier;
      return published;
    case 'earlier-counts':
      if (event.counts.length === 0) return unchanged;
      for (const { second, auctionId, bids } of event.counts) {
        state.rate.countSecond(second, bids);
        state.saleRates.countSecond(auctionId, second, bids);
      }
      return published;
    case 'reset':
      state.bids.length = 0;
      state.lots.clear();
      state.seenBidIds.clear();
      state.rate.clear();
      state.saleRates.clear();
      state.counters = emptyCounters();
      state.connection = 'connecting';
      state.watching = null;
      state.lastTimetoken = null;
      state.replayed = null;
      state.earlier = { state: 'waiting' };
      return resetPublished;
  }
}

/** Bids held with a timetoken after `after` and at or before `until`. */
export function countBidsBetween(state: BidStoreState, after: string, until: string): number {
  return state.bids.filter((bid) => isNewer(bid.timetoken, after) && !isNewer(bid.timetoken, until))
    .length;
}

/** What React reads: copies of the window and the lots, made once per frame. */
export function snapshotOf(state: BidStoreState): BidStoreSnapshot {
  return {
    bids: state.bids.slice(),
    lots: state.lots.list(),
    counters: { ...state.counters },
    connection: state.connection,
    watching: state.watching,
    lastTimetoken: state.lastTimetoken,
    replayed: state.replayed,
    earlier: state.earlier,
    ratePerSecond: state.rate.perSecond(),
    rateEndsAt: state.rate.endsAt(),
    saleRates: state.saleRates.snapshot(),
  };
}
