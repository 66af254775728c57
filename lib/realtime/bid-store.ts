import type { BidPlaced, LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import type { EarlierCount, IncomingMessage, StoredBid } from '@/lib/sale-desk/stored-messages';
import type { SaleRate } from '@/lib/sales/sale-rates';
import {
  countBidsBetween,
  initialBidStore,
  nextBidStore,
  snapshotOf,
  takeMessage,
  type BidStoreEffect,
  type BidStoreEvent,
  type Told,
} from './bid-store-state';
import { createFrameSnapshot } from './frame-snapshot';
import type { LotSummary } from './lot-board';

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

const nextFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The foundation store of live bids (docs/product-contract.md §6.4): validates, deduplicates by
 * bidId, orders by timetoken, keeps a bounded window, aggregates per lot, and notifies at most
 * once per frame. What each message or call does to the store is decided in
 * `bid-store-state.ts`; this shell holds the state, tells the observer and publishes.
 */
export function createBidStore({
  windowSize = 500,
  maxLots = 200,
  maxSales = 100,
  rateSeconds = 300,
  schedule = nextFrame,
  observer,
}: BidStoreOptions = {}) {
  const state = initialBidStore({ windowSize, maxLots, maxSales, rateSeconds });
  const published = createFrameSnapshot(() => snapshotOf(state), schedule);

  function tell(told: Told, timetoken: string) {
    if (!observer) return;
    switch (told.kind) {
      case 'bid':
        return observer.onBid(told.bid, timetoken);
      case 'lot-closed':
        return observer.onLotClosed(told.closed, timetoken);
      case 'lot-opened':
        return observer.onLotOpened(told.opened, timetoken);
    }
  }

  function perform(effect: BidStoreEffect) {
    switch (effect.type) {
      case 'publish':
        return published.changed();
      case 'reset-observer':
        return observer?.reset();
    }
  }

  const dispatch = (event: BidStoreEvent) => nextBidStore(state, event).forEach(perform);

  return {
    /** Takes messages as they come; returns how many new bids they added. */
    ingest(messages: IncomingMessage | IncomingMessage[]): number {
      const list = Array.isArray(messages) ? messages : [messages];
      let added = 0;
      for (const message of list) {
        const told = takeMessage(state, message);
        if (told === null) continue;
        if (told.kind === 'bid') added += 1;
        tell(told, message.timetoken);
      }
      if (list.length > 0) published.changed();
      return added;
    },
    setConnection: (connection: ConnectionState) => dispatch({ type: 'connection', connection }),
    setWatching: (count: number | null) => dispatch({ type: 'watching', count }),
    setReplayed: (count: number) => dispatch({ type: 'replayed', count }),
    setEarlier: (earlier: EarlierBids) => dispatch({ type: 'earlier', earlier }),
    /**
     * Bids published before the first messages taken, counted by the record per second and sale
     * (`GET /api/realtime/earlier`): the rates start whole rather than from those messages.
     */
    countEarlier: (counts: readonly EarlierCount[]) => dispatch({ type: 'earlier-counts', counts }),
    /** Bids held with a timetoken after `after` and at or before `until`. */
    countBidsBetween: (after: string, until: string): number =>
      countBidsBetween(state, after, until),
    getSnapshot: published.getSnapshot,
    subscribe: published.subscribe,
    /** Sign-out: nothing of the last session's sale stays in memory. */
    reset: () => dispatch({ type: 'reset' }),
  };
}

export type BidStore = ReturnType<typeof createBidStore>;
