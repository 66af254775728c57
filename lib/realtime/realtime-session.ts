import { isRefusal } from '@/lib/api/api-error';
import type { BidStore } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { reconnectAttempts, reconnectDelayMs } from './connection-state';
import type { FirstRead } from '@/lib/sales/first-read';
import type { EarlierRead } from './earlier-answer';
import type { HistoryPage } from './history-pages';
import type { ConnectOptions, RealtimeConnection } from './pubnub-connection';
import { tokenRefreshDelayMs, type RealtimeConfig } from './realtime-config';

/** This browser's connection to `bids`, from the access check's allow to the dashboard's unmount. */
export interface RealtimeSession {
  /** A manual retry: the connection's, or the configuration asked again if none came. */
  retry(): void;
  /** Starts the live view over: the store emptied, the earlier bids loaded again. */
  restart(): void;
  /** One page of `bids` history, through the current connection. */
  history: HistoryPage;
  /** Unsubscribes and stops; the session is over. */
  stop(): void;
}

/** What a session does its I/O with (the real ones in `use-realtime.ts`; fakes in tests). */
export interface SessionParts {
  store: BidStore;
  clientId: () => string;
  fetchConfig: (clientId: string) => Promise<RealtimeConfig>;
  /**
   * The first load's history, read by the console's server in one answer (docs/adr/0031): asked
   * beside the configuration, before the SDK is even set up. `signal` aborts it.
   */
  fetchEarlier: (signal: AbortSignal) => Promise<EarlierRead>;
  connect: (
    config: RealtimeConfig,
    clientId: string,
    store: BidStore,
    earlier: Promise<IncomingMessage[]> | undefined,
    options: ConnectOptions,
  ) => RealtimeConnection;
  /** Loads the catalogue beside the connection. */
  refreshCatalogue: () => void;
  /** Registers what a sign-out must stop; answers the unregistering. */
  onSignOut: (teardown: () => void) => () => void;
}

/**
 * How long the console's read of the earlier messages is waited for: past it the connection reads
 * them through the SDK itself, within the first load's 15 s.
 */
export const earlierAnswerMs = 5_000;

/**
 * The console's read of the earlier messages, given up on `earlierAnswerMs` after it was asked or
 * when `abort()` is called (a sign-out, a restart): the connection then reads them itself, or not
 * at all once stopped.
 */
function askEarlier(parts: SessionParts): { read: Promise<EarlierRead>; abort: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, earlierAnswerMs);
  const givenUp = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () =>
      reject(new Error('the earlier messages were given up on')),
    ),
  );
  const read = Promise.race([parts.fetchEarlier(controller.signal), givenUp]);
  read.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  return {
    read,
    abort() {
      clearTimeout(timer);
      abort();
    },
  };
}

/** A failed token refresh is asked again after this. */
export const refreshRetryMs = 30_000;

/**
 * The catalogue is read again this often while connected: the platform catalogues a sale's next
 * lots as it goes, and the board lists the lots to come before any of them opens.
 */
export const catalogueRefreshMs = 30_000;

/**
 * Asks for the realtime configuration, connects, and keeps the Access Manager token fresh; a
 * sign-out stops the connection and empties the store. Its I/O comes in `parts`, so it is tested
 * without React, the SDK or a server.
 */
export function startRealtimeSession(
  parts: SessionParts,
  /**
   * What the page was rendered with: the store takes it at once, and the connection reads on from
   * its `recordedThrough` instead of asking for the first load (the first start only).
   */
  firstRead: Pick<FirstRead, 'messages' | 'earlierCounts' | 'recordedThrough'> | null = null,
): RealtimeSession {
  const { store } = parts;
  let seed = firstRead;
  let connection: RealtimeConnection | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let catalogueTimer: ReturnType<typeof setInterval> | null = null;
  let configTimer: ReturnType<typeof setTimeout> | null = null;
  let earlierAsked: ReturnType<typeof askEarlier> | null = null;
  let stopped = false;
  // Each start counts: a configuration answered for an earlier one (a retry while it was
  // asked) is dropped, never a second connection.
  let starts = 0;

  const begin = () => {
    const current = (starts += 1);
    const isCancelled = () => stopped || current !== starts;
    const clientId = parts.clientId();
    // Access Manager tokens expire: fetch a fresh one before, keep the subscription. A failed
    // fetch is asked again 30 s later, while the old token may still serve.
    const refresh = () => {
      parts
        .fetchConfig(clientId)
        .then((fresh) => {
          if (isCancelled() || !fresh.token) return;
          connection?.setToken(fresh.token);
          scheduleRefresh(fresh);
        })
        .catch(() => {
          if (!isCancelled()) refreshTimer = setTimeout(refresh, refreshRetryMs);
        });
    };
    const scheduleRefresh = (config: RealtimeConfig) => {
      if (!config.token || !config.tokenTtlSeconds) return;
      refreshTimer = setTimeout(refresh, tokenRefreshDelayMs(config.tokenTtlSeconds));
    };
    store.setConnection('connecting');
    const seeded = seed;
    seed = null;
    let earlier: Promise<IncomingMessage[]> | undefined;
    if (seeded) {
      store.countEarlier(seeded.earlierCounts);
      store.setEarlier({ state: 'loaded', bids: store.ingest(seeded.messages) });
    } else {
      earlierAsked = askEarlier(parts);
      // The record's counts of the bids before the messages go to the rates as soon as they come.
      earlier = earlierAsked.read.then(({ messages, earlierCounts }) => {
        if (!isCancelled()) store.countEarlier(earlierCounts);
        return messages;
      });
      // Taken by the connection once it is connected; a failure then reads through the SDK.
      earlier.catch(() => {});
    }
    // The catalogue loads beside the connection (unless the page came with its sale's record:
    // the view that needs every sale asks for them), and again every 30 s (lots catalogued
    // since); a bid on a lot it lacks refreshes it at once.
    if (!seeded) parts.refreshCatalogue();
    if (catalogueTimer) clearInterval(catalogueTimer);
    catalogueTimer = setInterval(parts.refreshCatalogue, catalogueRefreshMs);
    // A configuration that fails (the server restarting, a timeout) is asked again like a lost
    // connection: ten asks 3 s apart, then offline with the Reconnect button. A refusal (4xx)
    // would only be refused again: offline at once (a 401 also ends the session, through
    // lib/api/session-ended.ts).
    let failures = 0;
    const askConfig = () => {
      configTimer = null;
      parts
        .fetchConfig(clientId)
        .then((config) => {
          if (isCancelled()) return;
          connection = parts.connect(
            config,
            clientId,
            store,
            earlier,
            seeded ? { resumeFrom: seeded.recordedThrough } : {},
          );
          scheduleRefresh(config);
        })
        .catch((error: unknown) => {
          if (isCancelled()) return;
          failures += 1;
          if (failures >= reconnectAttempts || isRefusal(error))
            return store.setConnection('offline');
          store.setConnection('reconnecting');
          configTimer = setTimeout(askConfig, reconnectDelayMs);
        });
    };
    if (configTimer) clearTimeout(configTimer);
    askConfig();
  };

  const end = () => {
    // A configuration still on its way (sign-out, restart) connects nothing.
    starts += 1;
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
    if (catalogueTimer) clearInterval(catalogueTimer);
    catalogueTimer = null;
    if (configTimer) clearTimeout(configTimer);
    configTimer = null;
    earlierAsked?.abort();
    earlierAsked = null;
    connection?.stop();
    connection = null;
  };

  begin();
  const stopOnSignOut = parts.onSignOut(() => {
    end();
    store.reset();
  });

  return {
    retry() {
      if (stopped) return;
      if (connection) connection.retry();
      else begin();
    },
    restart() {
      if (stopped) return;
      end();
      store.reset();
      begin();
    },
    history: (before, notBefore) =>
      connection
        ? connection.history(before, notBefore)
        : Promise.reject(new Error('not connected')),
    stop() {
      if (stopped) return;
      stopped = true;
      end();
      stopOnSignOut();
    },
  };
}
