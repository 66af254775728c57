// The live connection's session, outside React: one configuration, one connection; a retry while
// the configuration is asked never makes a second connection; restart, sign-out and stop end the
// connection. The SDK's connection and the config request are fakes (the network boundary); the
// store is real.
import { ApiError } from '@/lib/api/api-error';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { catalogueRefreshMs, earlierAnswerMs, startRealtimeSession } from './realtime-session';
import { config, earlierMessages, earlierCounts, parts } from './testing/session-parts';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('realtime sessions', () => {
  it('asks for the configuration and the earlier messages, loads the catalogue and connects with them', async () => {
    const { given, store, answer } = parts();
    startRealtimeSession(given);
    expect(store.getSnapshot().connection).toBe('connecting');
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(1);
    // Beside the configuration, not after it.
    expect(given.fetchEarlier).toHaveBeenCalledTimes(1);
    await answer();
    expect(given.fetchConfig).toHaveBeenCalledWith('client-1');
    expect(given.connect).toHaveBeenCalledTimes(1);
    expect(given.connect).toHaveBeenCalledWith(config, 'client-1', store, expect.any(Promise), {});
    const earlier = (given.connect as jest.Mock).mock.calls[0]![3] as Promise<IncomingMessage[]>;
    await expect(earlier).resolves.toBe(earlierMessages);
    // The counts are in the rates before any message is taken: the whole stream's and each sale's.
    const { ratePerSecond, saleRates } = store.getSnapshot();
    expect(ratePerSecond.reduce((sum, count) => sum + count, 0)).toBe(42);
    expect(saleRates.get('sale-a')?.perSecond.at(-1)).toBe(40);
    expect(saleRates.get('sale-b')?.perSecond.at(-1)).toBe(2);
  });

  it('connects with a failed read of the earlier messages, for the connection to read them itself', async () => {
    const refused = new ApiError('internal', 'down', { status: 503 });
    const { given, answer } = parts({ fetchEarlier: jest.fn(() => Promise.reject(refused)) });
    startRealtimeSession(given);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(1);
    const earlier = (given.connect as jest.Mock).mock.calls[0]![3] as Promise<IncomingMessage[]>;
    await expect(earlier).rejects.toBe(refused);
  });

  it('gives up on the earlier messages after 5 s, for the connection to read them itself', async () => {
    const { given, answer } = parts({ fetchEarlier: jest.fn(() => new Promise<never>(() => {})) });
    startRealtimeSession(given);
    await answer();
    const earlier = (given.connect as jest.Mock).mock.calls[0]![3] as Promise<IncomingMessage[]>;
    const settled = jest.fn();
    earlier.then(settled, settled);
    jest.advanceTimersByTime(earlierAnswerMs - 1);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    const signal = (given.fetchEarlier as jest.Mock).mock.calls[0]![0] as AbortSignal;
    expect(signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(earlier).rejects.toThrow('given up');
    expect(signal.aborted).toBe(true);
  });

  it.each(['sign-out', 'restart', 'stop'] as const)(
    'a %s aborts the read of the earlier messages still on its way',
    async (ending) => {
      const { given, signOut } = parts({
        fetchEarlier: jest.fn(() => new Promise<never>(() => {})),
      });
      const session = startRealtimeSession(given);
      const signal = (given.fetchEarlier as jest.Mock).mock.calls[0]![0] as AbortSignal;
      if (ending === 'sign-out') signOut();
      else session[ending]();
      expect(signal.aborted).toBe(true);
      session.stop();
    },
  );

  it('with the record the page was rendered with, asks for no earlier messages and reads on from its recordedThrough', async () => {
    const { given, store, answer } = parts();
    const message = {
      timetoken: '17800000000000010',
      payload: {
        type: 'bid.placed',
        v: 1,
        bidId: '00000000-0000-4000-8000-000000000001',
        auctionId: 'sale-a',
        lotId: 'lot-1',
        lotTitle: 'A lot',
        bidder: 'P1',
        amount: 1_000,
        currency: 'EUR',
        placedAt: '2026-05-29T10:00:00.000Z',
      },
    };
    const firstRead = {
      messages: [message],
      earlierCounts,
      recordedThrough: '17800000000000020',
    };
    const session = startRealtimeSession(given, firstRead);
    expect(given.fetchEarlier).not.toHaveBeenCalled();
    // Nor every sale's catalogue at once: the page's sale is in the desk; the 30-s reads go on.
    expect(given.refreshCatalogue).not.toHaveBeenCalled();
    jest.advanceTimersByTime(catalogueRefreshMs);
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(1);
    // Taken at once, before any configuration: the bids, the rates, the first load done.
    const taken = store.getSnapshot();
    expect(taken.bids.map((bid) => bid.bidId)).toEqual([message.payload.bidId]);
    expect(taken.earlier).toEqual({ state: 'loaded', bids: 1 });
    expect(taken.ratePerSecond.reduce((sum, count) => sum + count, 0)).toBe(43);
    await answer();
    expect(given.connect).toHaveBeenCalledWith(config, 'client-1', store, undefined, {
      resumeFrom: firstRead.recordedThrough,
    });
    // Starting over reads the earlier messages as ever: the page's record was for the first start.
    session.restart();
    await answer();
    expect(given.fetchEarlier).toHaveBeenCalledTimes(1);
    expect((given.connect as jest.Mock).mock.calls[1]![4]).toEqual({});
  });

  it('reads the earlier messages again when it starts over, once per start', async () => {
    const { given, answer } = parts();
    const session = startRealtimeSession(given);
    await answer();
    session.restart();
    await answer();
    expect(given.fetchEarlier).toHaveBeenCalledTimes(2);
    expect(given.connect).toHaveBeenCalledTimes(2);
  });

  it('reads the catalogue again every 30 s, once however often it was retried, never once stopped', async () => {
    const { given, answer, signOut } = parts();
    const session = startRealtimeSession(given);
    expect(catalogueRefreshMs).toBe(30_000);
    jest.advanceTimersByTime(catalogueRefreshMs * 2);
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(3);
    // No configuration yet: a retry starts over, with one timer still.
    session.retry();
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(4);
    jest.advanceTimersByTime(catalogueRefreshMs);
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(5);
    await answer();
    signOut();
    jest.advanceTimersByTime(catalogueRefreshMs * 3);
    expect(given.refreshCatalogue).toHaveBeenCalledTimes(5);
    session.stop();
  });
});
