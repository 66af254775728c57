// A stand-in for the PubNub SDK (lib/realtime/pubnub-connection.*.test.ts): the boundary the
// connection's tests fake, since the cloud cannot be reached from tests. It records what the
// connection asks, and answers each history read when the test says so. A test file installs it
// with `jest.mock('pubnub', () => jest.requireActual('./testing/fake-pubnub').pubnubModule)`.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';

/** The listener the connection hands to `addListener` (the parts these tests drive). */
export interface SdkListener {
  message?: (event: { channel: string; timetoken: string; message: unknown }) => void;
  status?: (status: { category: string; currentTimetoken?: string }) => void;
}

export interface HistoryAsk {
  channels: string[];
  count: number;
  start?: string;
  end?: string;
}

/** One `fetchMessages` call: its arguments, answered (or failed) when the test says so. */
export interface HistoryRead {
  ask: HistoryAsk;
  settled: boolean;
  answer(messages: readonly IncomingMessage[]): Promise<void>;
  fail(error: Error): Promise<void>;
}

/** Lets every promise chain the last step started run to its end (history reads are chains). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class FakeSdk {
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
export let sdk: FakeSdk | null = null;

/** After a test: the next one starts without an SDK. */
export function forgetSdk() {
  sdk = null;
}

/** The module `pubnub` becomes: its client is a `FakeSdk`, kept as `sdk`. */
export const pubnubModule = {
  __esModule: true,
  default: class PubNub {
    static NoneRetryPolicy = () => ({});
    static CryptoModule = { aesCbcCryptoModule: () => ({}) };
    constructor() {
      sdk = new FakeSdk();
      return sdk;
    }
  },
};
