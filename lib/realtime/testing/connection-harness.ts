// The connection's tests' messages and moves (lib/realtime/pubnub-connection.*.test.ts): bids and
// closes published around a minute ago, history pages as PubNub answers them, and what the SDK
// reports (statuses, live messages), on the fake SDK of `fake-pubnub.ts`. The store and the
// connection's own modules are real.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { createBidStore, type BidStoreObserver } from '../bid-store';
import { historyPageSize } from '../history-pages';
import { connectRealtime, type RealtimeConnection } from '../pubnub-connection';
import { testRealtimeConfig } from './realtime-config';
import { sdk, settle, type HistoryAsk, type HistoryRead } from './fake-pubnub';

/** A whole second, a minute ago: every message of a test is published around it. */
export const T0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;

/** The timetoken of a message published `offsetMs` after T0 (17 digits: ms × 10^4). */
export const tt = (offsetMs: number) => (BigInt(T0 + offsetMs) * 10_000n).toString();

/** A distinct, valid (v4-shaped) UUID per number. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Bid number `n`, published `n` ms after T0 unless told otherwise: higher numbers are newer. */
export const bid = (
  n: number,
  { lotId = 'lot-A', amount = 1_000 + n, bidder = `Paddle ${n}`, at = n } = {},
): IncomingMessage => ({
  timetoken: tt(at),
  payload: {
    type: 'bid.placed',
    v: 1,
    bidId: uuid(n),
    auctionId: 'auction-1',
    lotId,
    lotTitle: `Title of ${lotId}`,
    bidder,
    amount,
    currency: 'EUR',
    placedAt: new Date(T0 + at).toISOString(),
  },
});

export const lotClosed = (lotId: string, at: number): IncomingMessage => ({
  timetoken: tt(at),
  payload: {
    type: 'lot.closed',
    v: 1,
    auctionId: 'auction-1',
    lotId,
    winningBidId: null,
    closedAt: new Date(T0 + at).toISOString(),
  },
});

export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Bids `from`..`to`, each published its number of ms after T0. */
export const bids = (from: number, to: number) => range(from, to).map((n) => bid(n));

/**
 * A page of the channel's history as PubNub answers `start` (exclusive) and `end` (inclusive)
 * together: the newest `count` messages of the range.
 */
export const pageFrom = (log: readonly IncomingMessage[], ask: HistoryAsk) =>
  log
    .filter(
      (m) =>
        BigInt(m.timetoken) >= BigInt(ask.end!) &&
        (ask.start === undefined || BigInt(m.timetoken) < BigInt(ask.start)),
    )
    .slice(-ask.count);

/** A gap read's first page: from after now (a minute ahead of the clock) back to `end`. */
export const firstGapPage = (end: string) => ({
  channels: ['bids'],
  count: historyPageSize,
  start: expect.stringMatching(/^\d{17}$/),
  end,
});

export const config = testRealtimeConfig;

export const connections: RealtimeConnection[] = [];

/** Connects as the app does; the connection is stopped after the test (`stopConnections`). */
export function connect(...args: Parameters<typeof connectRealtime>): RealtimeConnection {
  const connection = connectRealtime(...args);
  connections.push(connection);
  return connection;
}

/** After each test: every connection it made leaves. */
export function stopConnections() {
  for (const connection of connections.splice(0)) connection.stop();
}

/**
 * A store whose observer (the sale desk's place) records each new bid's number in the order the
 * store took them: the flags engine must see them in publish order, as every other staff member
 * did.
 */
export function recordingStore() {
  const ingested: number[] = [];
  const observer: BidStoreObserver = {
    onBid: (placed) => ingested.push(parseInt(placed.bidId.slice(-12), 16)),
    onLotClosed: () => {},
    onLotOpened: () => {},
    reset: () => {},
  };
  return { store: createBidStore({ schedule: (flush) => flush(), observer }), ingested };
}

/** A connection whose first load found no history, and the store it feeds. */
export async function connectedWithEmptyHistory() {
  const { store, ingested } = recordingStore();
  connect(config, 'client-1', store);

  status('PNConnectedCategory', tt(0));
  // The first load reads history beside the handshake, then once more up to it: empty each time.
  for (let round = 0; round < 10 && store.getSnapshot().earlier.state !== 'loaded'; round += 1) {
    await settle();
    for (const read of unanswered()) await read.answer([]);
  }
  expect(store.getSnapshot().earlier).toMatchObject({ state: 'loaded', bids: 0 });
  expect(store.getSnapshot().connection).toBe('live');
  return { store, ingested };
}

export function status(category: string, currentTimetoken?: string) {
  sdk!.listener.status!({ category, ...(currentTimetoken ? { currentTimetoken } : {}) });
}

/** The subscription delivers a message. */
export function live(message: IncomingMessage) {
  sdk!.listener.message!({
    channel: config.channel,
    timetoken: message.timetoken,
    message: message.payload,
  });
}

export const unanswered = () => sdk!.reads.filter((read) => !read.settled);

/** The one history read waiting for its answer. */
export async function pendingRead(): Promise<HistoryRead> {
  await settle();
  const waiting = unanswered();
  expect(waiting).toHaveLength(1);
  return waiting[0]!;
}

/** The network drops, the SDK reconnects: the connection starts reading the outage. */
export async function outageAndReconnect(): Promise<HistoryRead> {
  status('PNNetworkIssuesCategory');
  expect(unanswered()).toHaveLength(0);
  status('PNReconnectedCategory', tt(50_000));
  return pendingRead();
}

export const lotOf = (store: ReturnType<typeof createBidStore>, lotId: string) =>
  store.getSnapshot().lots.find((lot) => lot.lotId === lotId);
