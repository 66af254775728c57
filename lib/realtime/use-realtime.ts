'use client';

import { useCallback, useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api/api-client';
import { onSignOut } from '@/lib/auth/sign-out';
import { readOrCreateClientId } from '@/lib/storage/stored-values';
import { bidStore } from './bid-store';
import type { HistoryPage } from './history-pages';
import { connectRealtime, type RealtimeConnection } from './pubnub-connection';
import { saleDesk } from './sale-desk';
import { realtimeConfigSchema, tokenRefreshDelayMs, type RealtimeConfig } from './realtime-config';

/**
 * Connects this browser to `bids` while the dashboard is shown; stops at sign-out and unmount.
 * A language switch re-renders around it without unmounting it, so the connection stays.
 */
export function useRealtime(): {
  retry: () => void;
  /** Starts the live view over: the store emptied, the earlier bids loaded again. */
  restart: () => void;
  /** One page of `bids` history, through the current connection. */
  history: HistoryPage;
} {
  const connection = useRef<RealtimeConnection | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(false);

  const start = useCallback((isCancelled: () => boolean) => {
    const clientId = readOrCreateClientId();
    const fetchConfig = () =>
      apiRequest(`/api/realtime/config?clientId=${encodeURIComponent(clientId)}`, {
        schema: realtimeConfigSchema,
        background: true,
      });
    // Access Manager tokens expire: fetch a fresh one before, keep the subscription.
    const scheduleRefresh = (config: RealtimeConfig) => {
      if (!config.token || !config.tokenTtlSeconds) return;
      refreshTimer.current = setTimeout(() => {
        fetchConfig()
          .then((fresh) => {
            if (isCancelled() || !fresh.token) return;
            connection.current?.setToken(fresh.token);
            scheduleRefresh(fresh);
          })
          .catch(() => {
            // The next retry or reconnect asks again; meanwhile the old token may still serve.
            if (!isCancelled())
              refreshTimer.current = setTimeout(() => scheduleRefresh(config), 30_000);
          });
      }, tokenRefreshDelayMs(config.tokenTtlSeconds));
    };
    bidStore.setConnection('connecting');
    // The catalogue loads beside the connection; a bid on a lot it lacks refreshes it.
    void saleDesk.refresh();
    fetchConfig()
      .then((config) => {
        if (isCancelled()) return;
        connection.current = connectRealtime(config, clientId, bidStore);
        scheduleRefresh(config);
      })
      .catch(() => {
        if (!isCancelled()) bidStore.setConnection('offline');
      });
  }, []);

  useEffect(() => {
    let cancelled = false;
    mounted.current = true;
    start(() => cancelled);
    const stopOnSignOut = onSignOut(() => {
      connection.current?.stop();
      connection.current = null;
      bidStore.reset();
    });
    return () => {
      cancelled = true;
      mounted.current = false;
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      stopOnSignOut();
      connection.current?.stop();
      connection.current = null;
    };
  }, [start]);

  const retry = useCallback(() => {
    if (connection.current) connection.current.retry();
    else start(() => !mounted.current);
  }, [start]);

  const restart = useCallback(() => {
    connection.current?.stop();
    connection.current = null;
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    bidStore.reset();
    start(() => !mounted.current);
  }, [start]);

  const history = useCallback<HistoryPage>(
    (before, notBefore) =>
      connection.current
        ? connection.current.history(before, notBefore)
        : Promise.reject(new Error('not connected')),
    [],
  );

  return { retry, restart, history };
}
