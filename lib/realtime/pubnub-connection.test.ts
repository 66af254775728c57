/** @jest-environment node */
// The connection's catch-up after a reconnect: what is read from history for the outage and what
// the subscription delivers live meanwhile reach the store in publish order. Were live messages
// ingested while the gap is read, a bid published after a lot's close (which only the gap holds)
// would be ingested before that close and counted as the lot's high bid instead of late.
// The PubNub SDK is the boundary faked here (the cloud cannot be reached from tests); the store
// and the connection's own modules are real.
import { createBidStore, type BidStoreObserver } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { historyPageSize } from './history-pages';
import { connectRealtime, type RealtimeConnection } from './pubnub-connection';
import { testRealtimeConfig } from './testing/realtime-config';

// --- The fake SDK -------------------------------------------------------------------------------

/** The listener the connection hands to `addListener` (the parts these tests drive). */
interface SdkListener {
  message?: (event: { channel: string; timetoken: string; message: unknown }) => void;
  status?: (status: { category: string; currentTimetoken?: string }) => void;
}

interface HistoryAsk {
  channels: string[];
  count: number;
  start?: string;
  end?: string;
}

/** One `fetchMessages` call: its arguments, answered (or failed) when the test says so. */
interface HistoryRead {
  ask: HistoryAsk;
  settled: boolean;
  answer(messages: readonly IncomingMessage[]): Promise<void>;
  fail(error: Error): Promise<void>;
}

/** Lets every promise chain the last step started run to its end (history reads are chains). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class FakeSdk {
  listener: SdkListener = {};
  reads: HistoryRead[] = [];

  addListener(listener: SdkListener) {
    this.listener = listener;
  }

  fetchMessages(ask: HistoryAsk) {
    return new Promise((resolve, reject) => {
      const read: HistoryRead = {
        ask,
        settled: false,
        answer: async (messages) => {
          read.settled = true;
          const page = messages.map((m) => ({ message: m.payload, timetoken: m.timetoken }));
          resolve({ channels: { [ask.channels[0]!]: page } });
          await settle();
        },
        fail: async (error) => {
          read.settled = true;
          reject(error);
          await settle();
        },
      };
      this.reads.push(read);
    });
  }

  hereNow() {
    return Promise.resolve({ totalOccupancy: 1 });
  }

  /** What the connection asked of the subscription, in order. */
  asked: string[] = [];

  /** The channels of each subscribe call, with presence or not. */
  subscribed: { channels: string[]; withPresence?: boolean }[] = [];

  subscribe(ask: { channels: string[]; withPresence?: boolean }) {
    this.subscribed.push(ask);
  }
  unsubscribeAll() {}
  destroy() {}
  disconnect() {
    this.asked.push('disconnect');
  }
  reconnect() {
    this.asked.push('reconnect');
  }
  setToken() {}
}

/** The SDK the connection made last (one per test). */
let sdk: FakeSdk | null = null;

// The factory runs when the module under test is imported, before this file's classes exist:
// the stand-in class only reaches `FakeSdk` when the connection calls `new PubNub(…)`.
jest.mock('pubnub', () => {
  class PubNub {
    static NoneRetryPolicy = () => ({});
    static CryptoModule = { aesCbcCryptoModule: () => ({}) };
    constructor() {
      sdk = new FakeSdk();
      return sdk;
    }
  }
  return { __esModule: true, default: PubNub };
});

// --- Messages -----------------------------------------------------------------------------------

/** A whole second, a minute ago: every message of a test is published around it. */
const T0 = Math.floor(Date.now() / 1000) * 1000 - 60_000;

/** The timetoken of a message published `offsetMs` after T0 (17 digits: ms × 10^4). */
const tt = (offsetMs: number) => (BigInt(T0 + offsetMs) * 10_000n).toString();

/** A distinct, valid (v4-shaped) UUID per number. */
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Bid number `n`, published `n` ms after T0 unless told otherwise: higher numbers are newer. */
const bid = (
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

const lotClosed = (lotId: string, at: number): IncomingMessage => ({
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

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Bids `from`..`to`, each published its number of ms after T0. */
const bids = (from: number, to: number) => range(from, to).map((n) => bid(n));

/**
 * A page of the channel's history as PubNub answers `start` (exclusive) and `end` (inclusive)
 * together: the newest `count` messages of the range.
 */
const pageFrom = (log: readonly IncomingMessage[], ask: HistoryAsk) =>
  log
    .filter(
      (m) =>
        BigInt(m.timetoken) >= BigInt(ask.end!) &&
        (ask.start === undefined || BigInt(m.timetoken) < BigInt(ask.start)),
    )
    .slice(-ask.count);

/** A gap read's first page: from after now (a minute ahead of the clock) back to `end`. */
const firstGapPage = (end: string) => ({
  channels: ['bids'],
  count: historyPageSize,
  start: expect.stringMatching(/^\d{17}$/),
  end,
});

// --- The connection -----------------------------------------------------------------------------

const config = testRealtimeConfig;

let connection: RealtimeConnection | null = null;

afterEach(() => {
  connection?.stop();
  connection = null;
  sdk = null;
});

/**
 * A store whose observer (the sale desk's place) records each new bid's number in the order the
 * store took them: the flags engine must see them in publish order, as every other staff member
 * did.
 */
function recordingStore() {
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
async function connectedWithEmptyHistory() {
  const { store, ingested } = recordingStore();
  connection = connectRealtime(config, 'client-1', store);

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

function status(category: string, currentTimetoken?: string) {
  sdk!.listener.status!({ category, ...(currentTimetoken ? { currentTimetoken } : {}) });
}

/** The subscription delivers a message. */
function live(message: IncomingMessage) {
  sdk!.listener.message!({
    channel: config.channel,
    timetoken: message.timetoken,
    message: message.payload,
  });
}

const unanswered = () => sdk!.reads.filter((read) => !read.settled);

/** The one history read waiting for its answer. */
async function pendingRead(): Promise<HistoryRead> {
  await settle();
  const waiting = unanswered();
  expect(waiting).toHaveLength(1);
  return waiting[0]!;
}

/** The network drops, the SDK reconnects: the connection starts reading the outage. */
async function outageAndReconnect(): Promise<HistoryRead> {
  status('PNNetworkIssuesCategory');
  expect(unanswered()).toHaveLength(0);
  status('PNReconnectedCategory', tt(50_000));
  return pendingRead();
}

const lotOf = (store: ReturnType<typeof createBidStore>, lotId: string) =>
  store.getSnapshot().lots.find((lot) => lot.lotId === lotId);

// --- Tests --------------------------------------------------------------------------------------

describe('the staff channel (contract §14)', () => {
  it('subscribes to it without presence; its messages go to onStaffNews, never into the bid store', async () => {
    const { store, ingested } = recordingStore();
    const news: unknown[] = [];
    connection = connectRealtime(config, 'client-1', store, undefined, {
      onStaffNews: (payload) => news.push(payload),
    });
    expect(sdk!.subscribed).toEqual([
      { channels: [config.channel], withPresence: true },
      { channels: [config.staffChannel] },
    ]);
    const flagNews = { type: 'flag.reviewed', flag: { id: 'f-1' } };
    sdk!.listener.message!({ channel: config.staffChannel, timetoken: tt(5), message: flagNews });
    expect(news).toEqual([flagNews]);
    expect(ingested).toEqual([]);
    expect(store.getSnapshot().lastTimetoken).not.toBe(tt(5));
  });

  it('without onStaffNews, subscribes to bids alone', () => {
    const { store } = recordingStore();
    connection = connectRealtime(config, 'client-1', store);
    expect(sdk!.subscribed).toEqual([{ channels: [config.channel], withPresence: true }]);
  });
});

describe('catch-up after a reconnect', () => {
  it('a bid delivered live after a close read from the gap is late: not the high bid', async () => {
    const { store } = await connectedWithEmptyHistory();
    const first = bid(1, { amount: 50_000, bidder: 'Paddle 101', at: 1_000 });
    live(first);
    expect(lotOf(store, 'lot-A')).toMatchObject({ highBid: 50_000, bidCount: 1 });

    const gap = await outageAndReconnect();
    // The outage is read backwards from now to the newest message seen before it.
    expect(gap.ask).toEqual(firstGapPage(first.timetoken));
    expect(BigInt(gap.ask.start!)).toBeGreaterThan(BigInt(tt(60_000)));

    // Lot A closed during the outage; a bid published after the close arrives live, before the
    // gap's answer. Held back, it is not shown yet.
    const close = lotClosed('lot-A', 2_000);
    live(bid(2, { amount: 60_000, bidder: 'Online 202', at: 3_000 }));
    expect(lotOf(store, 'lot-A')).toMatchObject({ bidCount: 1 });

    await gap.answer([first, close]);
    expect(lotOf(store, 'lot-A')).toMatchObject({
      closedTimetoken: close.timetoken,
      highBid: 50_000,
      leader: 'Paddle 101',
      bidCount: 2,
    });
  });

  it('loses nothing: a gap of several pages and the live messages held meanwhile, each once, in publish order', async () => {
    const { store, ingested } = await connectedWithEmptyHistory();
    live(bid(1));
    // Published during the outage: 2..250, two full pages and a short one from bid 1 on.
    const log = bids(1, 250);
    // Published after the reconnect (two minutes on, so after it on the clock too).
    const laterNumbers = [100_001, 100_002, 100_003];
    const later = laterNumbers.map((n) => bid(n, { at: 120_000 + n }));

    const firstPage = await outageAndReconnect();
    // The subscription resumes where it stopped: it delivers the newest missed messages too.
    bids(201, 250).forEach(live);
    expect(firstPage.ask).toEqual(firstGapPage(tt(1)));
    // The newest page first: 151 to 250.
    await firstPage.answer(pageFrom(log, firstPage.ask));

    const secondPage = await pendingRead();
    expect(secondPage.ask).toMatchObject({ start: tt(151), end: tt(1) });
    live(later[0]!);
    await secondPage.answer(pageFrom(log, secondPage.ask));

    // 1 to 50: short, and it reaches the message the read started from.
    const lastPage = await pendingRead();
    expect(lastPage.ask).toMatchObject({ start: tt(51), end: tt(1) });
    live(later[1]!);
    // Nothing of the outage is on the board until all of it was read.
    expect(store.getSnapshot().counters.bids).toBe(1);
    await lastPage.answer(pageFrom(log, lastPage.ask));
    expect(unanswered()).toHaveLength(0);

    // Caught up: the next live bid goes straight in.
    live(later[2]!);
    expect(ingested).toEqual([...range(1, 250), ...laterNumbers]);
    const snapshot = store.getSnapshot();
    const newestFirst = [...log, ...later].map((m) => m.timetoken).reverse();
    expect(snapshot.bids.map((b) => b.timetoken)).toEqual(newestFirst);
    expect(snapshot.counters.bids).toBe(253);
    // The read starts at the last message seen, inclusive: that one is not a duplicate to report.
    expect(snapshot.counters.duplicates).toBe(0);
    // The outage's bids, 2..250: what the notice says a reconnect replayed.
    expect(snapshot.replayed).toBe(249);
  });

  it('a failed gap read still ingests what it read and what it held; live messages then go straight in', async () => {
    const { store, ingested } = await connectedWithEmptyHistory();
    live(bid(1));
    const log = bids(1, 160);

    const firstPage = await outageAndReconnect();
    bids(158, 160).forEach(live);
    // The newest page: 61 to 160.
    await firstPage.answer(pageFrom(log, firstPage.ask));

    const secondPage = await pendingRead();
    live(bid(161));
    expect(store.getSnapshot().counters.bids).toBe(1);
    await secondPage.fail(new Error('history refused'));

    // Bids 2..60 were in the page that failed: lost, but nothing read or held is.
    expect(ingested).toEqual([1, ...range(61, 160), 161]);

    // The notice counts what came back: 61..161.
    expect(store.getSnapshot().replayed).toBe(101);

    live(bid(162));
    expect(ingested.at(-1)).toBe(162);
    expect(store.getSnapshot().counters.bids).toBe(103);
    expect(unanswered()).toHaveLength(0);
  });

  it('a reconnect during the first load reads its gap once the first load is done', async () => {
    const { store, ingested } = recordingStore();
    connection = connectRealtime(config, 'client-1', store);
    status('PNConnectedCategory', tt(0));
    // Held by the first load from its start, like everything until it ends.
    live(bid(3));
    // An outage while the first load still reads: its gap waits for it.
    status('PNNetworkIssuesCategory');
    status('PNReconnectedCategory', tt(50_000));
    live(bid(6));
    await settle();
    const firstLoad = unanswered();
    expect(firstLoad.length).toBeGreaterThan(0);
    for (let round = 0; round < 10 && store.getSnapshot().earlier.state !== 'loaded'; round += 1) {
      for (const read of unanswered()) await read.answer([bid(1), bid(2)]);
      await settle();
    }
    expect(ingested).toEqual([1, 2, 3, 6]);
    // Then the gap, from the subscription's cursor (nothing was on the board at the outage).
    const gap = await pendingRead();
    expect(firstLoad).not.toContain(gap);
    expect(gap.ask).toEqual(firstGapPage(tt(0)));
    live(bid(7));
    await gap.answer(bids(1, 6));
    expect(ingested).toEqual([1, 2, 3, 6, 4, 5, 7]);
  });

  it('a second outage during a gap read reads its own gap after the first one, losing nothing', async () => {
    const { ingested } = await connectedWithEmptyHistory();
    live(bid(1));
    const firstGap = await outageAndReconnect();
    status('PNNetworkIssuesCategory');
    status('PNReconnectedCategory', tt(60_000));
    await settle();
    // One read at a time: the second waits for the first, what arrives meanwhile held.
    expect(unanswered()).toEqual([firstGap]);
    const published = (n: number) => bid(n, { at: 55_000 + n });
    live(published(5));
    await firstGap.answer([bid(1), bid(2), bid(3)]);
    expect(ingested).toEqual([1, 2, 3, 5]);

    const secondGap = await pendingRead();
    expect(secondGap.ask).toEqual(firstGapPage(tt(50_000)));
    live(published(7));
    expect(ingested).toEqual([1, 2, 3, 5]);
    await secondGap.answer([published(4), published(5), published(6)]);
    expect([...ingested].sort((a, b) => a - b)).toEqual(range(1, 7));
    expect(ingested.slice(-1)).toEqual([7]);
  });
});

describe('a first load whose history the console read', () => {
  it('replays that read with only the messages since it read through the SDK, in order', async () => {
    const { store, ingested } = recordingStore();
    connection = connectRealtime(config, 'client-1', store, Promise.resolve(bids(1, 150)));
    await settle();
    // Nothing read through the SDK before the subscription is connected.
    expect(unanswered()).toEqual([]);
    status('PNConnectedCategory', tt(160));
    live(bid(161));
    // One page back from now to the read's newest message: 151 to 160 were published between.
    const gap = await pendingRead();
    expect(gap.ask.start).toBeUndefined();
    await gap.answer(bids(140, 160));
    await settle();
    expect(unanswered()).toEqual([]);
    expect(ingested).toEqual(range(1, 161));
    expect(store.getSnapshot().earlier).toMatchObject({ state: 'loaded', bids: 160 });
  });

  it('reads the history through the SDK itself when that read failed', async () => {
    const store = createBidStore({ schedule: (flush) => flush() });
    const failed = Promise.reject(new Error('503'));
    connection = connectRealtime(config, 'client-1', store, failed);
    await settle();
    // Given a read from elsewhere, the connection reads nothing itself before it is connected.
    expect(unanswered()).toEqual([]);
    status('PNConnectedCategory', tt(10));
    const first = await pendingRead();
    expect(first.ask.start).toBeUndefined();
    await first.answer(bids(1, 10));
    for (let round = 0; round < 10 && store.getSnapshot().earlier.state !== 'loaded'; round += 1) {
      for (const read of unanswered()) await read.answer([]);
      await settle();
    }
    expect(store.getSnapshot().earlier).toMatchObject({ state: 'loaded', bids: 10 });
  });
});

describe('a first load from the record the page was rendered with', () => {
  it('reads only the gap since its recordedThrough, holding live messages back, and counts no replay', async () => {
    const { store, ingested } = recordingStore();
    // The page's record: bids 1 to 3, the store has them already.
    store.ingest(bids(1, 3));
    connection = connectRealtime(config, 'client-1', store, undefined, {
      resumeFrom: bid(3).timetoken,
    });
    await settle();
    // Nothing read before the subscription is connected: no earlier messages to ask for.
    expect(unanswered()).toEqual([]);
    status('PNConnectedCategory', tt(10));
    const gap = await pendingRead();
    expect(gap.ask).toEqual(firstGapPage(bid(3).timetoken));
    live(bid(6));
    expect(ingested).toEqual([1, 2, 3]);
    await gap.answer([bid(3), bid(4), bid(5)]);
    expect(ingested).toEqual(range(1, 6));
    expect(unanswered()).toEqual([]);
    expect(store.getSnapshot().replayed).toBeNull();
    expect(store.getSnapshot().counters.duplicates).toBe(0);
    live(bid(7));
    expect(ingested.at(-1)).toBe(7);
  });
});

describe('a gap read that never answers', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('gives up after 15 s, like the first load: what it held goes in, in order', async () => {
    const { store, ingested } = await connectedWithEmptyHistory();
    live(bid(1));
    const gap = await outageAndReconnect();
    // A whole page newer than bid 1: the read goes on to the page before it, which never answers.
    await gap.answer(bids(2, historyPageSize + 1));
    await pendingRead();
    live(bid(500));
    expect(ingested).toEqual([1]);
    await jest.advanceTimersByTimeAsync(15_000);
    expect(ingested).toEqual([...range(1, historyPageSize + 1), 500]);
    expect(store.getSnapshot().replayed).toBe(historyPageSize + 1);
  });
});

describe('a subscription that stalls instead of failing', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('a retry drops the request the SDK still waits on, then reconnects', async () => {
    await connectedWithEmptyHistory();
    status('PNTimeoutCategory');
    expect(sdk!.asked).toEqual([]);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(sdk!.asked).toEqual(['disconnect', 'reconnect']);
  });

  it('what it delivers ends the outage: live, presence resumed, the gap read first', async () => {
    const { store, ingested } = await connectedWithEmptyHistory();
    live(bid(1));
    // The heartbeats time out; the subscribe request is held, never failed.
    status('PNTimeoutCategory');
    expect(store.getSnapshot().connection).toBe('reconnecting');

    // The held request answers before the retry: no status event, bids again. The outage is
    // read from bid 1, and the bid that ended it is held back until the gap is in.
    live(bid(3));
    expect(store.getSnapshot().connection).toBe('live');
    // Only the heartbeats are restarted; the live subscription is left alone.
    expect(sdk!.asked).toEqual(['reconnect']);
    expect(ingested).toEqual([1]);
    const gap = await pendingRead();
    expect(gap.ask).toEqual(firstGapPage(bid(1).timetoken));
    await gap.answer([bid(1), bid(2)]);
    expect(ingested).toEqual([1, 2, 3]);
    // Both published during the outage: 2 from the gap, 3 delivered as it ended.
    expect(store.getSnapshot().replayed).toBe(2);
    // The retry that was due is cancelled.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(sdk!.asked).toEqual(['reconnect']);
  });
});
