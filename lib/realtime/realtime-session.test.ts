// The live connection's session, outside React: one configuration, one connection; a retry while
// the configuration is asked never makes a second connection; restart, sign-out and stop end the
// connection. The SDK's connection and the config request are fakes (the network boundary); the
// store is real.
import { ApiError } from '@/lib/api/api-error';
import { createBidStore } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { RealtimeConnection } from './pubnub-connection';
import type { RealtimeConfig } from './realtime-config';
import { testRealtimeConfig } from './testing/realtime-config';
import { reconnectAttempts, reconnectDelayMs } from './connection-state';
import {
  catalogueRefreshMs,
  earlierAnswerMs,
  refreshRetryMs,
  startRealtimeSession,
  type SessionParts,
} from './realtime-session';

const config = testRealtimeConfig;

function fakeConnection(): jest.Mocked<RealtimeConnection> {
  return {
    setToken: jest.fn(),
    retry: jest.fn(),
    stop: jest.fn(),
    history: jest.fn(() => Promise.resolve({ messages: [], more: false })) as never,
  };
}

const earlierMessages: IncomingMessage[] = [{ timetoken: '17800000000000000', payload: {} }];
/** The record's counts of the bids before those messages (of two sales in one second). */
const earlierCounts = [
  { second: 1_779_999_990, auctionId: 'sale-a', bids: 40 },
  { second: 1_779_999_990, auctionId: 'sale-b', bids: 2 },
];

/** Parts whose config answers wait for `answer()`; every connection made is kept. */
function parts(overrides: Partial<SessionParts> = {}) {
  const store = createBidStore({ schedule: (flush) => flush() });
  const pending: Array<{
    resolve: (config: RealtimeConfig) => void;
    reject: (error?: unknown) => void;
  }> = [];
  const connections: Array<jest.Mocked<RealtimeConnection>> = [];
  const signOuts = new Set<() => void>();
  const given: SessionParts = {
    store,
    clientId: () => 'client-1',
    fetchConfig: jest.fn(
      () => new Promise<RealtimeConfig>((resolve, reject) => pending.push({ resolve, reject })),
    ),
    fetchEarlier: jest.fn(() => Promise.resolve({ messages: earlierMessages, earlierCounts })),
    connect: jest.fn(() => {
      const connection = fakeConnection();
      connections.push(connection);
      return connection;
    }),
    refreshCatalogue: jest.fn(),
    onSignOut: (teardown) => {
      signOuts.add(teardown);
      return () => signOuts.delete(teardown);
    },
    ...overrides,
  };
  const answer = async (index = pending.length - 1, with_ = config) => {
    pending[index]!.resolve(with_);
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (index = pending.length - 1, error?: unknown) => {
    pending[index]!.reject(error);
    await Promise.resolve();
    await Promise.resolve();
  };
  const signOut = () => [...signOuts].forEach((teardown) => teardown());
  return { given, store, connections, answer, fail, signOut, signOuts };
}

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

  it('retries through the connection once there is one', async () => {
    const { given, connections, answer } = parts();
    const session = startRealtimeSession(given);
    await answer();
    session.retry();
    expect(connections[0]!.retry).toHaveBeenCalledTimes(1);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a retry while the configuration is asked drops the first answer: one connection', async () => {
    const { given, answer, fail, store } = parts();
    const session = startRealtimeSession(given);
    await fail(0);
    expect(store.getSnapshot().connection).toBe('reconnecting');
    session.retry();
    session.retry();
    await answer(2);
    await answer(1);
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('a configuration that fails is asked again 3 s later, and connects when it comes', async () => {
    const { given, answer, fail, store } = parts();
    startRealtimeSession(given);
    await fail();
    expect(store.getSnapshot().connection).toBe('reconnecting');
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(reconnectDelayMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(2);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('after ten failed asks it is offline, and waits for the Reconnect button', async () => {
    const { given, fail, answer, store } = parts();
    const session = startRealtimeSession(given);
    for (let ask = 1; ask <= reconnectAttempts; ask += 1) {
      await fail();
      jest.advanceTimersByTime(reconnectDelayMs);
    }
    expect(given.fetchConfig).toHaveBeenCalledTimes(reconnectAttempts);
    expect(store.getSnapshot().connection).toBe('offline');
    session.retry();
    expect(given.fetchConfig).toHaveBeenCalledTimes(reconnectAttempts + 1);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(1);
  });

  it('a configuration refused (4xx) is offline at once: asked again, it would be refused again', async () => {
    const { given, fail, store } = parts();
    startRealtimeSession(given);
    await fail(0, new ApiError('bad_request', 'clientId must be a UUID', { status: 400 }));
    expect(store.getSnapshot().connection).toBe('offline');
    jest.advanceTimersByTime(reconnectDelayMs * 2);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a server failure (5xx) or no answer in time is asked again', async () => {
    const { given, fail, store } = parts();
    startRealtimeSession(given);
    await fail(0, new ApiError('internal', 'down', { status: 503 }));
    jest.advanceTimersByTime(reconnectDelayMs);
    await fail(1, new ApiError('timeout', 'no answer'));
    jest.advanceTimersByTime(reconnectDelayMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot().connection).toBe('reconnecting');
  });

  it('a stop while a failed configuration waits to be asked again asks nothing more', async () => {
    const { given, fail } = parts();
    const session = startRealtimeSession(given);
    await fail();
    session.stop();
    jest.advanceTimersByTime(reconnectDelayMs * 2);
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('restart stops the connection, empties the store and connects again', async () => {
    const { given, connections, answer, store } = parts();
    const session = startRealtimeSession(given);
    await answer();
    const reset = jest.spyOn(store, 'reset');
    session.restart();
    expect(connections[0]!.stop).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await answer();
    expect(given.connect).toHaveBeenCalledTimes(2);
  });

  it('sign-out stops the connection and empties the store; stop unregisters and is final', async () => {
    const { given, connections, answer, signOut, signOuts, store } = parts();
    const session = startRealtimeSession(given);
    await answer();
    const reset = jest.spyOn(store, 'reset');
    signOut();
    expect(connections[0]!.stop).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    await expect(session.history('1')).rejects.toThrow('not connected');
    session.stop();
    expect(signOuts.size).toBe(0);
    session.retry();
    session.restart();
    expect(given.fetchConfig).toHaveBeenCalledTimes(1);
  });

  it('a configuration answered after stop connects nothing', async () => {
    const { given, answer } = parts();
    const session = startRealtimeSession(given);
    session.stop();
    await answer();
    expect(given.connect).not.toHaveBeenCalled();
  });

  it('a configuration answered after sign-out connects nothing', async () => {
    const { given, answer, signOut } = parts();
    startRealtimeSession(given);
    signOut();
    await answer();
    expect(given.connect).not.toHaveBeenCalled();
  });

  it('history goes through the current connection', async () => {
    const { given, connections, answer } = parts();
    const session = startRealtimeSession(given);
    await answer();
    await session.history('17', '12');
    expect(connections[0]!.history).toHaveBeenCalledWith('17', '12');
  });

  it('keeps an Access Manager token fresh before it expires', async () => {
    const { given, connections, answer } = parts();
    startRealtimeSession(given);
    await answer(0, { ...config, token: 'first', tokenTtlSeconds: 100 });
    jest.advanceTimersByTime(80_000);
    expect(given.fetchConfig).toHaveBeenCalledTimes(2);
    await answer(1, { ...config, token: 'second', tokenTtlSeconds: 100 });
    expect(connections[0]!.setToken).toHaveBeenCalledWith('second');
  });

  it('asks again 30 s after a failed token refresh, not a whole token life later', async () => {
    const { given, connections, answer, fail } = parts();
    startRealtimeSession(given);
    await answer(0, { ...config, token: 'first', tokenTtlSeconds: 100 });
    jest.advanceTimersByTime(80_000);
    await fail(1);
    jest.advanceTimersByTime(refreshRetryMs);
    expect(given.fetchConfig).toHaveBeenCalledTimes(3);
    await answer(2, { ...config, token: 'second', tokenTtlSeconds: 100 });
    expect(connections[0]!.setToken).toHaveBeenCalledWith('second');
  });
});
