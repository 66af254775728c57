'use client';

import { useCallback, useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api/api-client';
import { onSignOut } from '@/lib/access/sign-out';
import { readOrCreateClientId } from '@/lib/storage/stored-values';
import { bidStore } from './bid-store';
import { connectRealtime, type RealtimeConnection } from './pubnub-connection';
import { realtimeConfigSchema } from './realtime-config';

/**
 * Connects this browser to `bids` while the dashboard is shown; stops at sign-out and unmount.
 * A language switch re-renders around it without unmounting it, so the connection stays.
 */
export function useRealtime(): { retry: () => void } {
  const connection = useRef<RealtimeConnection | null>(null);

  const start = useCallback((isCancelled: () => boolean) => {
    const clientId = readOrCreateClientId();
    bidStore.setConnection('connecting');
    apiRequest(`/api/realtime/config?clientId=${encodeURIComponent(clientId)}`, {
      schema: realtimeConfigSchema,
      background: true,
    })
      .then((config) => {
        if (!isCancelled()) connection.current = connectRealtime(config, clientId, bidStore);
      })
      .catch(() => {
        if (!isCancelled()) bidStore.setConnection('offline');
      });
  }, []);

  useEffect(() => {
    let cancelled = false;
    start(() => cancelled);
    const stopOnSignOut = onSignOut(() => {
      connection.current?.stop();
      connection.current = null;
      bidStore.reset();
    });
    return () => {
      cancelled = true;
      stopOnSignOut();
      connection.current?.stop();
      connection.current = null;
    };
  }, [start]);

  const retry = useCallback(() => {
    if (connection.current) connection.current.retry();
    else start(() => false);
  }, [start]);

  return { retry };
}
