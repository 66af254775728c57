// The realtime session's tests' parts (lib/realtime/realtime-session.*.test.ts): a real store, and
// fakes for the network boundary, the SDK's connection and the configuration request, whose
// answers wait for the test.
import { createBidStore } from '../bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { RealtimeConnection } from '../pubnub-connection';
import type { RealtimeConfig } from '../realtime-config';
import type { SessionParts } from '../realtime-session';
import { testRealtimeConfig } from './realtime-config';

export const config = testRealtimeConfig;

export function fakeConnection(): jest.Mocked<RealtimeConnection> {
  return {
    setToken: jest.fn(),
    retry: jest.fn(),
    stop: jest.fn(),
    history: jest.fn(() => Promise.resolve({ messages: [], more: false })) as never,
  };
}

export const earlierMessages: IncomingMessage[] = [{ timetoken: '17800000000000000', payload: {} }];
/** The record's counts of the bids before those messages (of two sales in one second). */
export const earlierCounts = [
  { second: 1_779_999_990, auctionId: 'sale-a', bids: 40 },
  { second: 1_779_999_990, auctionId: 'sale-b', bids: 2 },
];

/** Parts whose config answers wait for `answer()`; every connection made is kept. */
export function parts(overrides: Partial<SessionParts> = {}) {
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
