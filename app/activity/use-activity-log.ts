'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchActivityPage } from '@/lib/activity/activity-api';
import type { ActivityFilters } from '@/lib/activity/activity-filters';
import type { ActivityItem } from '@/lib/activity/activity-kinds';
import { isApiError } from '@/lib/api/api-error';
import { onSessionEnded } from '@/lib/api/session-ended';

type Status =
  | { state: 'loading' }
  | { state: 'loaded' }
  /** The first page failed: nothing to show. */
  | { state: 'failed'; error: unknown }
  | { state: 'loading-more' }
  /** A later page failed: the events shown stay, with "Try again". */
  | { state: 'more-failed'; error: unknown };

interface Log {
  /** The filters and attempt the events are for: any other shows as loading until its own come. */
  key: string;
  items: ActivityItem[];
  nextCursor: string | null;
  status: Status;
}

const loading = (key: string): Log => ({
  key,
  items: [],
  nextCursor: null,
  status: { state: 'loading' },
});

/**
 * The activity log for these filters, newest first, a page at a time (keyset: "Load more" asks
 * for the page after the last cursor). New filters start again from the first page.
 */
export function useActivityLog(filters: ActivityFilters) {
  const { person, kind, from, to } = filters;
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([person, kind, from, to, attempt]);
  const [stored, setStored] = useState<Log>(() => loading(key));
  const log = stored.key === key ? stored : loading(key);
  const [forbidden, setForbidden] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const more = useRef<AbortController | null>(null);

  useEffect(() => onSessionEnded(() => setSessionEnded(true)), []);

  const failed = useCallback((error: unknown) => {
    // The role changed since the page was rendered: the screen says who reads the log.
    if (isApiError(error, 'forbidden')) setForbidden(true);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    // A later page still coming belongs to the filters before.
    more.current?.abort();
    const forKey = JSON.stringify([person, kind, from, to, attempt]);
    fetchActivityPage({ person, kind, from, to }, null, controller.signal).then(
      (page) => setStored({ key: forKey, ...page, status: { state: 'loaded' } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setStored({ ...loading(forKey), status: { state: 'failed', error } });
        failed(error);
      },
    );
    return () => controller.abort();
  }, [person, kind, from, to, attempt, failed]);

  useEffect(() => () => more.current?.abort(), []);

  /** The page after the last one shown; resolves with the events it added. */
  const loadMore = useCallback(async (): Promise<ActivityItem[]> => {
    const { nextCursor, status } = log;
    if (!nextCursor || status.state === 'loading-more') return [];
    const controller = new AbortController();
    more.current = controller;
    const update = (change: Partial<Log>) =>
      setStored((current) => (current.key === key ? { ...current, ...change } : current));
    update({ status: { state: 'loading-more' } });
    try {
      const page = await fetchActivityPage(
        { person, kind, from, to },
        nextCursor,
        controller.signal,
      );
      setStored((current) =>
        current.key === key
          ? {
              key,
              items: [...current.items, ...page.items],
              nextCursor: page.nextCursor,
              status: { state: 'loaded' },
            }
          : current,
      );
      return page.items;
    } catch (error) {
      if (!controller.signal.aborted) {
        update({ status: { state: 'more-failed', error } });
        failed(error);
      }
      return [];
    }
  }, [log, key, person, kind, from, to, failed]);

  /** The page that failed, again: the first, or the next one. */
  const retry = useCallback(() => {
    if (log.status.state === 'more-failed') return loadMore();
    setAttempt((count) => count + 1);
    return Promise.resolve([]);
  }, [log.status.state, loadMore]);

  return {
    items: log.items,
    nextCursor: log.nextCursor,
    status: log.status,
    loadMore,
    retry,
    forbidden,
    sessionEnded,
  };
}
