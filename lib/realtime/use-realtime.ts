'use client';

import { useCallback, useEffect, useRef } from 'react';
import { apiRequest } from '@/lib/api/api-client';
import { onSignOut } from '@/lib/auth/sign-out';
import { readOrCreateClientId } from '@/lib/storage/stored-values';
import type { FirstRead } from '@/lib/sales/first-read';
import { earlierAnswerSchema, earlierReadOf } from './earlier-answer';
import type { HistoryPage } from './history-pages';
import { connectRealtime } from './pubnub-connection';
import { realtimeConfigSchema } from './realtime-config';
import { parseStaffNews } from './staff-news';
import { startRealtimeSession, type RealtimeSession, type SessionParts } from './realtime-session';
import { browserStores, type Stores } from './stores';

/** The live connection's real parts: the SDK, the browser's stores, the API. */
function sessionParts({ bidStore, saleDesk }: Stores): SessionParts {
  /** A flag raised or reviewed, announced by the console's server: shown on the desk at once. */
  const takeStaffNews = (payload: unknown) => {
    const news = parseStaffNews(payload);
    if (news) saleDesk.takeFlag(news.flag);
  };
  return {
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
    connect: (config, clientId, store, earlier, options) =>
      connectRealtime(config, clientId, store, earlier, { ...options, onStaffNews: takeStaffNews }),
    refreshCatalogue: () => void saleDesk.refresh(),
    onSignOut,
  };
}

/** First reads already taken: a remount (React's development check) does not take one twice. */
const taken = new WeakSet<FirstRead>();

/**
 * Connects this browser to `bids` while the dashboard is shown; stops at sign-out and unmount.
 * A language switch re-renders around it without unmounting it, so the connection stays.
 * `firstRead`, the record the page was rendered with, replaces the first load's read.
 */
export function useRealtime(
  firstRead: FirstRead | null = null,
): Pick<RealtimeSession, 'retry' | 'restart' | 'history'> {
  const session = useRef<RealtimeSession | null>(null);
  const seed = useRef(firstRead);

  useEffect(() => {
    const first = seed.current && !taken.has(seed.current) ? seed.current : null;
    if (first) taken.add(first);
    const current = startRealtimeSession(sessionParts(browserStores()), first);
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
