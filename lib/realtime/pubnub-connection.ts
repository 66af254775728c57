// The one module that imports the PubNub SDK (Jest and the sign-in page never load it).
import PubNub from 'pubnub';
import type { BidStore, EarlierBids } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import {
  initialConnection,
  nextConnection,
  type ConnectionEffect,
  type ConnectionEvent,
} from './connection-state';
import { earlierReadElsewhere, readEarlierAhead, type EarlierAhead } from './earlier-ahead';
import { fetchHistoryPage, historyPageThrough } from './history-fetch';
import {
  byTimetoken,
  historyPageSize,
  mergeInOrder,
  type HistoryPage,
  type MessageRun,
} from './history-pages';
import { loadEarlier } from './history-slices';
import { oneAtATime } from './one-at-a-time';
import { recorderUserId, type RealtimeConfig } from './realtime-config';
import {
  afterPresence,
  staffInList,
  staffWatching,
  type PresenceNews,
  type WatchingState,
} from './staff-watching';
import { connectionEventFromStatus } from './status-event';
import { isNewer, timetokenFromMs } from '@/lib/sale-desk/timetoken';

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
/** Past this the first load gives up on history and shows the live bids it held back. */
const earlierDeadlineMs = 15_000;
/**
 * Replay work per task on first load: under a long task (50 ms), and few tasks, since the page
 * renders between two of them (250 messages a task made 8 renders of the whole board for 2,000
 * messages, half a second of the way to a caught-up board; docs/benchmarks.md).
 */
const replayBudgetMs = 30;
/** Pages a gap read takes at most (5,000 messages, the newest of the gap). */
const catchUpPages = 50;
/** Messages ingested between two looks at the clock. */
const replayStep = 50;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function deadline(ms: number): { expired: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`history took longer than ${ms} ms`)), ms);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * Subscribes to the bids channel with presence and feeds the store: every message, every status
 * change, the watching count, on the first connect the earlier messages, and after a reconnect
 * the history since the last timetoken.
 * What to do on each status, timer and retry is decided in `connection-state.ts`; this module
 * only performs it.
 */
export function connectRealtime(
  config: RealtimeConfig,
  clientId: string,
  store: BidStore,
  /** The first load's history read elsewhere (the console's server), else read here. */
  earlier?: Promise<IncomingMessage[]>,
  { resumeFrom, onStaffNews }: ConnectOptions = {},
): RealtimeConnection {
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

  let machine = initialConnection;
  /** Whether the console's recorder is among the subscribers: not staff, not counted. */
  let watching: WatchingState = { recorderHere: false };
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Live messages held back while the earlier ones load: replayed after them, in order. */
  let heldBack: IncomingMessage[] | null = null;
  /** The first load's history read, started with the subscribe; taken by the first connect. */
  let ahead: EarlierAhead | null = null;
  /** The first load gave up on history (its deadline): the reads stop. */
  let earlierGivenUp = false;
  const earlierCancelled = () => machine.stopped || earlierGivenUp;

  function deliver(message: IncomingMessage) {
    if (heldBack) heldBack.push(message);
    else store.ingest(message);
  }

  const fetchPage = (range: { start?: string; end?: string }) =>
    fetchHistoryPage(pubnub, config.channel, range);
  const history = historyPageThrough(pubnub, config.channel);

  async function refreshWatching() {
    try {
      const answer = await pubnub.hereNow({ channels: [config.channel], includeUUIDs: true });
      const present = answer.channels[config.channel]?.occupants ?? [];
      watching = { recorderHere: present.some((one) => one.uuid === recorderUserId) };
      store.setWatching(staffInList(present.map((one) => one.uuid)));
    } catch {
      // The next presence event brings the count.
    }
  }

  /**
   * Gap-free: fetches what was published since `since` (the last timetoken seen before the
   * outage; on a first load from the record, its `recordedThrough`). What arrives live meanwhile
   * (the subscription resumes at that timetoken too, and PubNub delivers at most the newest 100
   * missed messages) is held back and merged in publish order: a lot's close from the gap is
   * ingested before a bid published after it, which is then late, as it was.
   * History is read backwards from now, each page bounded on both sides (`start` exclusive, `end`
   * inclusive): PubNub and the relay answer the same page (the newest of the range), where `end`
   * alone is the oldest for one and the newest for the other. Whatever was read, all of it or up
   * to a failure or the deadline, is ingested; `count` says how many the notice counts.
   * Runs after any read still holding messages back (`afterReads`), never beside one.
   */
  async function catchUp(since: string, { count = true }: { count?: boolean } = {}) {
    const reconnectedAt = timetokenFromMs(Date.now());
    heldBack = [];
    const pages: IncomingMessage[][] = [];
    const limit = deadline(earlierDeadlineMs);
    try {
      // A minute ahead of this clock: whatever the skew with PubNub's, nothing published is newer.
      let before = timetokenFromMs(Date.now() + 60_000);
      for (let read = 0; read < catchUpPages && !machine.stopped; read += 1) {
        const page = [
          ...(await Promise.race([fetchPage({ start: before, end: since }), limit.expired])),
        ].sort(byTimetoken);
        // `end` is inclusive: the message at `since` is in the store already.
        const newer = page.filter((message) => isNewer(message.timetoken, since));
        pages.unshift(newer);
        if (page.length < historyPageSize || newer.length < page.length) break;
        before = page[0]!.timetoken;
      }
    } catch {
      // Ingested below, as far as it was read; the bids count says how many came back.
    } finally {
      limit.clear();
      const live = heldBack;
      heldBack = null;
      if (!machine.stopped)
        for (const run of mergeInOrder(pages.flat(), live)) store.ingest(run.messages);
    }
    if (!machine.stopped && count) store.setReplayed(store.countBidsBetween(since, reconnectedAt));
  }

  /**
   * Reads that hold live messages back, one after the other: the first load, then catch-ups. The
   * first starts at once (what arrives from then on is held), each next one as the last ends.
   */
  const afterReads = oneAtATime();

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
    return loadEarlier(history, { isCancelled: earlierCancelled });
  }

  /**
   * First load: the newest messages published before this browser subscribed (a reload mid-sale
   * shows the sale as it was), merged with what arrives live meanwhile, in publish order.
   */
  async function replayEarlier() {
    heldBack = [];
    store.setEarlier({ state: 'loading' });
    const limit = deadline(earlierDeadlineMs);
    let runs: MessageRun[];
    let outcome: EarlierBids | null = null;
    try {
      const earlier = await Promise.race([readEarlier(), limit.expired]);
      runs = mergeInOrder(earlier, heldBack);
    } catch {
      earlierGivenUp = true;
      runs = mergeInOrder([], heldBack);
      outcome = { state: 'failed' };
    } finally {
      limit.clear();
    }
    // Replayed in slices of about `replayBudgetMs`, a task each, so the page keeps painting;
    // what arrives meanwhile is held back, after them.
    heldBack = [];
    let bids = 0;
    let taskStartedAt = performance.now();
    for (const run of runs) {
      for (let start = 0; start < run.messages.length; start += replayStep) {
        if (machine.stopped) return;
        const added = store.ingest(run.messages.slice(start, start + replayStep));
        if (run.historical) bids += added;
        if (performance.now() - taskStartedAt < replayBudgetMs) continue;
        await nextTask();
        taskStartedAt = performance.now();
      }
    }
    if (machine.stopped) return;
    const later = heldBack;
    heldBack = null;
    store.ingest(later);
    store.setEarlier(outcome ?? { state: 'loaded', bids });
  }

  function perform(effect: ConnectionEffect) {
    switch (effect.type) {
      case 'schedule-retry':
        retryTimer = setTimeout(() => {
          retryTimer = null;
          dispatch({ type: 'retry-due' });
        }, effect.inMs);
        return;
      case 'cancel-retry':
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
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
      case 'catch-up':
        void afterReads(() => catchUp(effect.from));
        return;
      case 'load-earlier':
        if (resumeFrom !== undefined) void afterReads(() => catchUp(resumeFrom, { count: false }));
        else void afterReads(replayEarlier);
        return;
      case 'leave':
        pubnub.unsubscribeAll();
        pubnub.destroy();
        return;
    }
  }

  function dispatch(event: ConnectionEvent) {
    const shown = machine.connection;
    const { state, effects } = nextConnection(machine, event);
    machine = state;
    // After stop the store belongs to the next session (sign-out resets it): leave it alone.
    if (!state.stopped && state.connection !== shown) store.setConnection(state.connection);
    effects.forEach(perform);
  }

  pubnub.addListener({
    message: (event) => {
      // Heard first: should it end an outage, the catch-up it starts holds this message back too,
      // and it reaches the store after the gap, in publish order.
      dispatch({ type: 'heard' });
      if (event.channel === config.staffChannel) {
        if (event.error === undefined) onStaffNews?.(event.message);
        return;
      }
      deliver({ timetoken: String(event.timetoken), payload: event.message, error: event.error });
    },
    presence: (event) => {
      dispatch({ type: 'heard' });
      // join, leave, timeout and interval events carry the occupancy; state changes do not.
      const occupancy = 'occupancy' in event ? event.occupancy : undefined;
      if (event.channel !== config.channel) return;
      watching = afterPresence(watching, event as PresenceNews);
      if (typeof occupancy === 'number') store.setWatching(staffWatching(occupancy, watching));
    },
    status: (status) => {
      const event = connectionEventFromStatus(status, store.getSnapshot().lastTimetoken);
      if (event) dispatch(event);
    },
  });

  store.setConnection(machine.connection);
  // Beside the handshake; replayed once the first connect says `load-earlier` (ADR 15, ADR 31).
  if (resumeFrom === undefined)
    ahead = earlier
      ? earlierReadElsewhere(earlier, history, { isCancelled: earlierCancelled })
      : readEarlierAhead(history, { isCancelled: earlierCancelled });
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
