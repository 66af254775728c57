'use client';

import { useCallback, useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api/api-client';
import { onSignOut } from '@/lib/auth/sign-out';
import { readOrCreateClientId } from '@/lib/storage/stored-values';
import { bidStore } from './bid-store';
import { earlierAnswerSchema, earlierReadOf } from './earlier-answer';
import type { HistoryPage } from './history-pages';
import { connectRealtime } from './pubnub-connection';
import { realtimeConfigSchema } from './realtime-config';
import { startRealtimeSession, type RealtimeSession, type SessionParts } from './realtime-session';
import { saleDesk } from './sale-desk';

/** The live connection's real parts: the SDK, the store, the API. */
const parts: SessionParts = {
  store: bidStore,
  clientId: readOrCreateClientId,
  fetchConfig: (clientId) =>
    apiRequest(`/api/realtime/config?clientId=${encodeURIComponent(clientId)}`, {
      schema: realtimeConfigSchema,
      background: true,
    }),
  fetchEarlier: (signal) =>
    apiRequest('/api/realtime/earlier', {
      schema: earlierAnswerSchema,
      background: true,
      signal,
    }).then(earlierReadOf),
  connect: connectRealtime,
  refreshCatalogue: () => void saleDesk.refresh(),
  onSignOut,
};

/**
 * Connects this browser to `bids` while the dashboard is shown; stops at sign-out and unmount.
 * A language switch re-renders around it without unmounting it, so the connection stays.
 */
export function useRealtime(): Pick<RealtimeSession, 'retry' | 'restart' | 'history'> {
  const session = useRef<RealtimeSession | null>(null);

  useEffect(() => {
    const current = startRealtimeSession(parts);
    session.current = current;
    return () => {
      current.stop();
      if (session.current === current) session.current = null;
    };
  }, []);

  const retry = useCallback(() => session.current?.retry(), []);
  const restart = useCallback(() => session.current?.restart(), []);
  const history = useCallback<HistoryPage>(
    (before, notBefore) =>
      session.current
        ? session.current.history(before, notBefore)
        : Promise.reject(new Error('not connected')),
    [],
  );

  return { retry, restart, history };
}
