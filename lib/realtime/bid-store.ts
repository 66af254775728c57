import { classifyMessage, type BidPlaced, type LotClosed } from './bid-messages';

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'denied';

export interface StoredBid extends BidPlaced {
  timetoken: string;
}

export interface LotSummary {
  key: string;
  auctionId: string;
  lotId: string;
  lotTitle: string;
  currency: string;
  highBid: number;
  bidCount: number;
  leader: string;
  lastTimetoken: string;
  closed: boolean;
}

export interface MessageCounters {
  bids: number;
  invalid: number;
  undecryptable: number;
  unknownType: number;
  duplicates: number;
}

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
  /** Bids per second for the last `rateSeconds` seconds, oldest first (publish time). */
  ratePerSecond: readonly number[];
  /** The publish time (ms) the rate window ends at. */
  rateEndsAt: number;
}

/** One delivered message: the SDK's payload, its timetoken, and its decryption error if any. */
export interface IncomingMessage {
  timetoken: string;
  payload: unknown;
  error?: string | null;
}

interface BidStoreOptions {
  windowSize?: number;
  maxLots?: number;
  rateSeconds?: number;
  /** Defers notifications to the next animation frame (one React commit per frame at most). */
  schedule?: (flush: () => void) => void;
}

const timetokenMs = (timetoken: string) => Number(BigInt(timetoken) / 10_000n);
const newer = (a: string, b: string) => BigInt(a) > BigInt(b);
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
 * The foundation store of live bids (SPEC 6): validates, deduplicates by bidId, orders by
 * timetoken, keeps a bounded window, aggregates per lot, and notifies at most once per frame.
 * Memory is bounded whatever the rate: the window, the lots, the seen ids and the rate buckets.
 */
export function createBidStore({
  windowSize = 500,
  maxLots = 200,
  rateSeconds = 300,
  schedule = nextFrame,
}: BidStoreOptions = {}) {
  let bids: StoredBid[] = [];
  const lots = new Map<string, LotSummary>();
  const seenBidIds = new Set<string>();
  // A close can arrive before its lot's bids (live close, bids from history catch-up).
  const closedLotKeys = new Set<string>();
  const maxSeen = windowSize * 20;
  let counters = emptyCounters();
  let connection: ConnectionState = 'connecting';
  let watching: number | null = null;
  let lastTimetoken: string | null = null;
  let replayed: number | null = null;
  const buckets = new Map<number, number>();
  let latestSecond = 0;

  const listeners = new Set<() => void>();
  let scheduled = false;
  let snapshot: BidStoreSnapshot = build();

  function build(): BidStoreSnapshot {
    const ratePerSecond = Array.from(
      { length: rateSeconds },
      (_, index) => buckets.get(latestSecond - rateSeconds + 1 + index) ?? 0,
    );
    return {
      bids,
      lots: [...lots.values()].sort((a, b) => (newer(a.lastTimetoken, b.lastTimetoken) ? -1 : 1)),
      counters: { ...counters },
      connection,
      watching,
      lastTimetoken,
      replayed,
      ratePerSecond,
      rateEndsAt: latestSecond * 1000,
    };
  }

  function changed() {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      snapshot = build();
      listeners.forEach((listener) => listener());
    });
  }

  function remember(bidId: string) {
    seenBidIds.add(bidId);
    if (seenBidIds.size > maxSeen) seenBidIds.delete(seenBidIds.values().next().value!);
  }

  function countRate(timetoken: string) {
    const second = Math.floor(timetokenMs(timetoken) / 1000);
    if (second > latestSecond) latestSecond = second;
    if (second <= latestSecond - rateSeconds) return;
    buckets.set(second, (buckets.get(second) ?? 0) + 1);
    for (const key of buckets.keys()) if (key <= latestSecond - rateSeconds) buckets.delete(key);
  }

  function insertBid(bid: StoredBid) {
    // Newest first; out-of-order arrivals go to their place.
    let index = 0;
    while (index < bids.length && newer(bids[index]!.timetoken, bid.timetoken)) index += 1;
    const next = bids.slice();
    next.splice(index, 0, bid);
    if (next.length > windowSize) next.length = windowSize;
    bids = next;
  }

  function aggregate(bid: StoredBid) {
    const key = `${bid.auctionId}/${bid.lotId}`;
    const lot = lots.get(key);
    if (!lot) {
      lots.set(key, {
        key,
        auctionId: bid.auctionId,
        lotId: bid.lotId,
        lotTitle: bid.lotTitle,
        currency: bid.currency,
        highBid: bid.amount,
        bidCount: 1,
        leader: bid.bidder,
        lastTimetoken: bid.timetoken,
        closed: closedLotKeys.has(key),
      });
      if (lots.size > maxLots) evictLot();
      return;
    }
    const isHigher = bid.amount > lot.highBid;
    lots.set(key, {
      ...lot,
      bidCount: lot.bidCount + 1,
      highBid: isHigher ? bid.amount : lot.highBid,
      leader: isHigher ? bid.bidder : lot.leader,
      lastTimetoken: newer(bid.timetoken, lot.lastTimetoken) ? bid.timetoken : lot.lastTimetoken,
    });
  }

  function evictLot() {
    // Closed lots go first, then the least recently bid on.
    const candidates = [...lots.values()].sort(
      (a, b) =>
        Number(b.closed) - Number(a.closed) || (newer(a.lastTimetoken, b.lastTimetoken) ? 1 : -1),
    );
    lots.delete(candidates[0]!.key);
  }

  function close(closed: LotClosed, timetoken: string) {
    const key = `${closed.auctionId}/${closed.lotId}`;
    closedLotKeys.add(key);
    if (closedLotKeys.size > maxLots * 5)
      closedLotKeys.delete(closedLotKeys.values().next().value!);
    const lot = lots.get(key);
    if (lot)
      lots.set(key, {
        ...lot,
        closed: true,
        lastTimetoken: newer(timetoken, lot.lastTimetoken) ? timetoken : lot.lastTimetoken,
      });
  }

  /** Returns true when the message added a new bid. */
  function ingestOne(message: IncomingMessage): boolean {
    if (!lastTimetoken || newer(message.timetoken, lastTimetoken))
      lastTimetoken = message.timetoken;
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
        close(classified.closed, message.timetoken);
        return false;
      case 'bid': {
        if (seenBidIds.has(classified.bid.bidId)) {
          counters.duplicates += 1;
          return false;
        }
        remember(classified.bid.bidId);
        const bid = { ...classified.bid, timetoken: message.timetoken };
        counters.bids += 1;
        insertBid(bid);
        aggregate(bid);
        countRate(message.timetoken);
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
    /** Bids held with a timetoken after `after` and at or before `until`. */
    countBidsBetween(after: string, until: string): number {
      return bids.filter((bid) => newer(bid.timetoken, after) && !newer(bid.timetoken, until))
        .length;
    },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Sign-out: nothing of the last session's sale stays in memory. */
    reset() {
      bids = [];
      lots.clear();
      seenBidIds.clear();
      closedLotKeys.clear();
      counters = emptyCounters();
      connection = 'connecting';
      watching = null;
      lastTimetoken = null;
      replayed = null;
      buckets.clear();
      latestSecond = 0;
      changed();
    },
  };
}

export type BidStore = ReturnType<typeof createBidStore>;

/** The browser's one store: fed by the realtime provider, read by the dashboard. */
export const bidStore = createBidStore();
