'use client';

import { useNow } from 'next-intl';
import { useSyncExternalStore } from 'react';

/** Relative ages ("5 minutes ago") move on at this pace. */
export const clockTickMs = 30_000;

let current: Date | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function tick() {
  current = new Date();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    current = new Date();
    timer = setInterval(tick, clockTickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// The same Date until the next tick (React compares snapshots); a clock nobody watched for a
// while starts again from the browser's time.
function readClock(): Date {
  if (current === null || (timer === null && Date.now() - current.getTime() >= clockTickMs))
    current = new Date();
  return current;
}

/**
 * The time "ago" labels are measured from. While the server's markup is hydrated it is the time
 * the request was rendered at (next-intl's `now`, sent with the page), so both render the same
 * text; right after, the browser's clock, moving every 30 s. Reading `new Date()` during the
 * first render instead makes hydration fail whenever a minute turns in between.
 */
export function useClock(): Date {
  const renderedAt = useNow();
  return useSyncExternalStore(subscribe, readClock, () => renderedAt);
}
