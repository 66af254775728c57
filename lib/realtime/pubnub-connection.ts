// The one module that imports the PubNub SDK (Jest and the sign-in page never load it).
import PubNub from 'pubnub';
import type { BidStore, IncomingMessage } from './bid-store';
import type { RealtimeConfig } from './realtime-config';
import { latestOf, timetokenFromMs } from './timetoken';

export interface RealtimeConnection {
  /** Swaps in a fresh Access Manager token without resubscribing. */
  setToken(token: string): void;
  /** A manual retry, for when the automatic ones gave up. */
  retry(): void;
  /** Unsubscribes (the relay or PubNub sees the leave) and stops the client. */
  stop(): void;
}

/** Automatic reconnection attempts after the SDK reports a lost connection, 3 s apart. */
const reconnectAttempts = 10;
const reconnectDelayMs = 3000;
/** Heartbeats every 9 s; a browser that vanishes leaves the watching count within 20 s. */
const presenceTimeoutSeconds = 20;
const historyPage = 100;

type FetchedMessage = { message: unknown; timetoken: string | number; error?: string };

/**
 * Subscribes to the bids channel with presence and feeds the store: every message, every status
 * change, the watching count, and after a reconnect the history since the last timetoken.
 */
export function connectRealtime(
  config: RealtimeConfig,
  clientId: string,
  store: BidStore,
): RealtimeConnection {
  const pubnub = new PubNub({
    subscribeKey: config.subscribeKey,
    userId: clientId,
    origin: config.origin,
    ssl: config.ssl,
    restore: true,
    presenceTimeout: presenceTimeoutSeconds,
    // The SDK's own retries are silent (no status event while it retries, pubnub-protocol.md):
    // this module retries itself, so every outage shows on the chip within seconds.
    retryConfiguration: PubNub.NoneRetryPolicy(),
    ...(config.cipherKey
      ? { cryptoModule: PubNub.CryptoModule.aesCbcCryptoModule({ cipherKey: config.cipherKey }) }
      : {}),
  });
  if (config.token) pubnub.setToken(config.token);

  let stopped = false;
  let lastSeenBeforeOutage: string | null = null;
  /** The subscription's cursor when it (re)connected: the catch-up baseline before any message. */
  let connectedCursor: string | null = null;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const markOutage = () => {
    lastSeenBeforeOutage ??= latestOf(store.getSnapshot().lastTimetoken, connectedCursor);
  };

  async function refreshWatching() {
    try {
      const answer = await pubnub.hereNow({ channels: [config.channel], includeUUIDs: false });
      store.setWatching(answer.totalOccupancy);
    } catch {
      // The next presence event brings the count.
    }
  }

  /** Gap-free: fetches what was published since the last timetoken seen before the outage. */
  async function catchUp(since: string) {
    const reconnectedAt = timetokenFromMs(Date.now());
    let end = since;
    for (let page = 0; page < 50 && !stopped; page += 1) {
      const answer = await pubnub.fetchMessages({
        channels: [config.channel],
        end,
        count: historyPage,
      });
      const fetched = (
        (answer.channels as Record<string, FetchedMessage[]>)[config.channel] ?? []
      ).map((item): IncomingMessage => ({
        timetoken: String(item.timetoken),
        payload: item.message,
        error: item.error,
      }));
      store.ingest(fetched);
      if (fetched.length < historyPage) break;
      end = fetched.at(-1)!.timetoken;
    }
    store.setReplayed(store.countBidsBetween(since, reconnectedAt));
  }

  function scheduleReconnect() {
    if (stopped || retryTimer) return;
    if (attempts >= reconnectAttempts) {
      store.setConnection('offline');
      return;
    }
    attempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped) pubnub.reconnect();
    }, reconnectDelayMs);
  }

  pubnub.addListener({
    message: (event) => {
      store.ingest({
        timetoken: String(event.timetoken),
        payload: event.message,
        error: event.error,
      });
    },
    presence: (event) => {
      // join, leave, timeout and interval events carry the occupancy; state changes do not.
      const occupancy = 'occupancy' in event ? event.occupancy : undefined;
      if (event.channel === config.channel && typeof occupancy === 'number')
        store.setWatching(occupancy);
    },
    status: (event) => {
      if (stopped) return;
      switch (event.category) {
        case 'PNConnectedCategory':
        case 'PNReconnectedCategory': {
          attempts = 0;
          if ('currentTimetoken' in event && event.currentTimetoken)
            connectedCursor = String(event.currentTimetoken);
          store.setConnection('live');
          void refreshWatching();
          const since = lastSeenBeforeOutage;
          lastSeenBeforeOutage = null;
          if (since) void catchUp(since).catch(() => store.setReplayed(0));
          return;
        }
        case 'PNNetworkDownCategory':
          markOutage();
          store.setConnection('offline');
          return;
        case 'PNNetworkUpCategory':
          store.setConnection('reconnecting');
          return;
        case 'PNAccessDeniedCategory':
          markOutage();
          store.setConnection('denied');
          return;
        case 'PNDisconnectedUnexpectedlyCategory':
        case 'PNConnectionErrorCategory':
        case 'PNNetworkIssuesCategory':
        case 'PNTimeoutCategory':
          markOutage();
          store.setConnection('reconnecting');
          scheduleReconnect();
          return;
        default:
          return;
      }
    },
  });

  store.setConnection('connecting');
  pubnub.subscribe({ channels: [config.channel], withPresence: true });

  return {
    setToken(token: string) {
      pubnub.setToken(token);
    },
    retry() {
      attempts = 0;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      store.setConnection('reconnecting');
      pubnub.reconnect();
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      pubnub.unsubscribeAll();
      pubnub.destroy();
    },
  };
}
