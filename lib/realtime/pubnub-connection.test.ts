/** @jest-environment node */
// The connection's subscription: the staff channel beside `bids`, and a subscription that stalls
// instead of failing. The PubNub SDK is the boundary faked here (testing/fake-pubnub.ts).
import {
  tt,
  bid,
  firstGapPage,
  config,
  connect,
  stopConnections,
  recordingStore,
  connectedWithEmptyHistory,
  status,
  live,
  pendingRead,
} from './testing/connection-harness';
import { forgetSdk, sdk } from './testing/fake-pubnub';

jest.mock('pubnub', () => jest.requireActual('./testing/fake-pubnub').pubnubModule);

afterEach(() => {
  stopConnections();
  forgetSdk();
});

describe('the staff channel (contract §14)', () => {
  it('subscribes to it without presence; its messages go to onStaffNews, never into the bid store', async () => {
    const { store, ingested } = recordingStore();
    const news: unknown[] = [];
    connect(config, 'client-1', store, undefined, {
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
    connect(config, 'client-1', store);
    expect(sdk!.subscribed).toEqual([{ channels: [config.channel], withPresence: true }]);
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
