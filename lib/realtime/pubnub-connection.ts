// The one module that imports the PubNub SDK (Jest and the sign-in page never load it).
import PubNub from 'pubnub';
import type { BidStore } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import type { ConnectionEvent } from './connection-state';
import { earlierReadElsewhere, readEarlierAhead, type EarlierAhead } from './earlier-ahead';
import { fetchHistoryPage, historyPageThrough } from './history-fetch';
import type { HistoryPage } from './history-pages';
import { catchUp, replayEarlier, type HistoryReadContext } from './history-reads';
import { loadEarlier } from './history-slices';
import { oneAtATime } from './one-at-a-time';
import type { RealtimeConfig } from './realtime-config';
import type { PresenceNews } from './staff-watching';
import { connectionEventFromStatus } from './status-event';
import {
  earlierCancelled,
  initialSubscription,
  nextSubscription,
  type SubscriptionEffect,
  type SubscriptionEvent,
} from './subscription-state';

export interface ConnectOptions {
  /**
   * The store holds every message up to this timetoken already (the page was rendered from the
   * record): the first connect reads the gap from it, as after an outage, instead of the earlier
   * messages, and no replay is counted.
   */
  resumeFrom?: string;
  /**
   * Each message of the console's `staff` channel (flags raised and reviewed, contract §14), as
   * published: the caller validates it. Never in the bid store: it is not a message of `bids`.
   */
  onStaffNews?: (payload: unknown) => void;
}

export interface RealtimeConnection {
  /** Swaps in a fresh Access Manager token without resubscribing. */
  setToken(token: string): void;
  /** A manual retry, for when the automatic ones gave up or access was denied. */
  retry(): void;
  /** Unsubscribes (the relay or PubNub sees the leave) and stops the client. */
  stop(): void;
  /** One page of `bids` history before a timetoken (the lot panel's older bids). */
  history: HistoryPage;
}

/** Heartbeats every 9 s; a browser that vanishes leaves the watching count within 20 s. */
const presenceTimeoutSeconds = 20;

const heard: ConnectionEvent = { type: 'heard' };

function createClient(config: RealtimeConfig, clientId: string): PubNub {
  const pubnub = new PubNub({
    subscribeKey: config.subscribeKey,
    userId: clientId,
    origin: config.origin,
    ssl: config.ssl,
    restore: true,
    presenceTimeout: presenceTimeoutSeconds,
    // The SDK's own retry policies retry silently, for minutes, with no status event: with none,
    // a failed subscribe is reported at once and connection-state.ts schedules the retries.
    retryConfiguration: PubNub.NoneRetryPolicy(),
    ...(config.cipherKey
      ? { cryptoModule: PubNub.CryptoModule.aesCbcCryptoModule({ cipherKey: config.cipherKey }) }
      : {}),
  });
  if (config.token) pubnub.setToken(config.token);
  return pubnub;
}

/**
 * Subscribes to the bids channel with presence and feeds the store: every message, every status
 * change, the watching count, on the first connect the earlier messages, and after a reconnect
 * the history since the last timetoken.
 * What to do on each status, message, presence event and timer is decided in
 * `subscription-state.ts` (and `connection-state.ts` under it); this shell only performs it.
 */
export function connectRealtime(
  config: RealtimeConfig,
  clientId: string,
  store: BidStore,
  /** The first load's history read elsewhere (the console's server), else read here. */
  earlier?: Promise<IncomingMessage[]>,
  { resumeFrom, onStaffNews }: ConnectOptions = {},
): RealtimeConnection {
  const pubnub = createClient(config, clientId);
  const subscription = initialSubscription(resumeFrom ?? null);
  const history = historyPageThrough(pubnub, config.channel);
  const reads: HistoryReadContext = {
    store,
    subscription,
    fetchPage: (range) => fetchHistoryPage(pubnub, config.channel, range),
  };
  const isCancelled = () => earlierCancelled(subscription);
  /**
   * Reads that hold live messages back, one after the other: the first load, then catch-ups. The
   * first starts at once (what arrives from then on is held), each next one as the last ends.
   */
  const afterReads = oneAtATime();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The first load's history read, started with the subscribe; taken by the first connect. */
  let ahead: EarlierAhead | null = null;

  /**
   * The earlier messages, read from the moment the subscribe starts instead of after its
   * handshake: on the way to a caught-up board the two requests overlap. Should that read fail
   * (say, refused before a retry got access), the first connect reads again, as before.
   */
  async function readEarlier(): Promise<IncomingMessage[]> {
    const started = ahead;
    ahead = null;
    if (started) {
      try {
        return await started.subscribed();
      } catch {
        // Read again below, now that the subscription is connected.
      }
    }
    return loadEarlier(history, { isCancelled });
  }

  async function refreshWatching() {
    try {
      const answer = await pubnub.hereNow({ channels: [config.channel], includeUUIDs: true });
      const present = answer.channels[config.channel]?.occupants ?? [];
      dispatch({ type: 'present', uuids: present.map((one) => one.uuid) });
    } catch {
      // The next presence event brings the count.
    }
  }

  function perform(effect: SubscriptionEffect) {
    switch (effect.type) {
      case 'show':
        store.setConnection(effect.connection);
        return;
      case 'ingest':
        store.ingest(effect.message);
        return;
      case 'set-watching':
        store.setWatching(effect.count);
        return;
      case 'schedule-retry':
        retryTimer = setTimeout(() => dispatch({ type: 'retry-due' }), effect.inMs);
        return;
      case 'cancel-retry':
        clearTimeout(retryTimer);
        return;
      case 'reconnect':
        // `reconnect` alone does nothing while the SDK still waits on a subscribe request (a
        // stalled one it has not failed): stopping first drops that request, and the reconnect
        // then resumes from the SDK's own cursor.
        pubnub.disconnect();
        pubnub.reconnect();
        return;
      case 'resume-presence':
        // The subscription, receiving, ignores it; the presence engine leaves its failed state.
        pubnub.reconnect();
        return;
      case 'refresh-watching':
        void refreshWatching();
        return;
      case 'read-gap':
        void afterReads(() => catchUp(reads, effect.from, effect.count));
        return;
      case 'replay-earlier':
        void afterReads(() => replayEarlier(reads, readEarlier));
        return;
      case 'leave':
        pubnub.unsubscribeAll();
        pubnub.destroy();
        return;
    }
  }

  function dispatch(event: SubscriptionEvent) {
    nextSubscription(subscription, event).forEach(perform);
  }

  pubnub.addListener({
    message: (event) => {
      if (event.channel === config.staffChannel) {
        dispatch(heard);
        if (event.error === undefined) onStaffNews?.(event.message);
        return;
      }
      const { timetoken, message: payload, error } = event;
      dispatch({ type: 'message', message: { timetoken: String(timetoken), payload, error } });
    },
    presence: (event) => {
      // join, leave, timeout and interval events carry the occupancy; state changes do not.
      const occupancy = 'occupancy' in event ? event.occupancy : undefined;
      const news = event as PresenceNews;
      dispatch(event.channel === config.channel ? { type: 'presence', news, occupancy } : heard);
    },
    status: (status) => {
      const event = connectionEventFromStatus(status, store.getSnapshot().lastTimetoken);
      if (event) dispatch(event);
    },
  });

  store.setConnection(subscription.connection.connection);
  // Beside the handshake; replayed once the first connect says `load-earlier` (ADR 15, ADR 31).
  if (resumeFrom === undefined)
    ahead = earlier
      ? earlierReadElsewhere(earlier, history, { isCancelled })
      : readEarlierAhead(history, { isCancelled });
  pubnub.subscribe({ channels: [config.channel], withPresence: true });
  // Without presence: the watching count is of `bids` alone.
  if (onStaffNews) pubnub.subscribe({ channels: [config.staffChannel] });

  return {
    setToken(token: string) {
      pubnub.setToken(token);
    },
    retry() {
      dispatch({ type: 'manual-retry' });
    },
    stop() {
      dispatch({ type: 'stop' });
    },
    history,
  };
}
