'use client';

import { useEffect, useRef, useState } from 'react';

/** Between two asks of `/api/health` while the database is down. */
export const serviceCheckEveryMs = 5_000;

/** `GET /api/health`'s answer: up, down (503: the database cannot be reached), or no answer. */
async function health(): Promise<'up' | 'down' | 'unknown'> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    if (response.ok) return 'up';
    return response.status === 503 ? 'down' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Whether a page failed because the service is down (contract §15): asks `/api/health` once when
 * the error screen shows; while it says the database is down, asks again every 5 s and calls
 * `onBack` when it answers again, so the screen recovers without anyone pressing a button.
 */
export function useServiceDown(onBack: () => void): boolean {
  const [down, setDown] = useState(false);
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  });

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const check = async (wasDown: boolean) => {
      const state = await health();
      if (stopped) return;
      if (state === 'down') {
        setDown(true);
        timer = window.setTimeout(() => void check(true), serviceCheckEveryMs);
      } else if (wasDown && state === 'up') {
        setDown(false);
        back.current();
      } else if (wasDown) {
        timer = window.setTimeout(() => void check(true), serviceCheckEveryMs);
      }
    };
    void check(false);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  return down;
}
