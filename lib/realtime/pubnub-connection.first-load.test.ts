/** @jest-environment node */
// The connection's first load: from the history the console's server read, or through the SDK
// when that read failed, or from the record the page was rendered with, live messages held back
// meanwhile. The PubNub SDK is the boundary faked here (testing/fake-pubnub.ts).
import { createBidStore } from './bid-store';
import {
  tt,
  bid,
  range,
  bids,
  firstGapPage,
  config,
  connect,
  stopConnections,
  recordingStore,
  status,
  live,
  unanswered,
  pendingRead,
} from './testing/connection-harness';
import { forgetSdk, settle } from './testing/fake-pubnub';

jest.mock('pubnub', () => jest.requireActual('./testing/fake-pubnub').pubnubModule);

afterEach(() => {
  stopConnections();
  forgetSdk();
});

describe('a first load whose history the console read', () => {
  it('replays that read with only the messages since it read through the SDK, in order', async () => {
    const { store, ingested } = recordingStore();
    connect(config, 'client-1', store, Promise.resolve(bids(1, 150)));
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
    connect(config, 'client-1', store, failed);
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
    connect(config, 'client-1', store, undefined, {
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
