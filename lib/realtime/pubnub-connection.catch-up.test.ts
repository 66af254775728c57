/** @jest-environment node */
// The connection's catch-up after a reconnect: what is read from history for the outage and what
// the subscription delivers live meanwhile reach the store in publish order. Were live messages
// ingested while the gap is read, a bid published after a lot's close (which only the gap holds)
// would be ingested before that close and counted as the lot's high bid instead of late.
// The PubNub SDK is the boundary faked here (the cloud cannot be reached from tests); the store
// and the connection's own modules are real.
import { historyPageSize } from './history-pages';
import {
  tt,
  bid,
  lotClosed,
  range,
  bids,
  pageFrom,
  firstGapPage,
  config,
  connect,
  stopConnections,
  recordingStore,
  connectedWithEmptyHistory,
  status,
  live,
  unanswered,
  pendingRead,
  outageAndReconnect,
  lotOf,
} from './testing/connection-harness';
import { forgetSdk, settle } from './testing/fake-pubnub';

jest.mock('pubnub', () => jest.requireActual('./testing/fake-pubnub').pubnubModule);

afterEach(() => {
  stopConnections();
  forgetSdk();
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
    connect(config, 'client-1', store);
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
