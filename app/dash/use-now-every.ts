'use client';

import { useEffect, useState } from 'react';

/**
 * The time now (epoch ms), moving on every `everyMs` whether anything else changes or not: for
 * countdowns, "time since" and "in the last minute" in the live part, which only the browser
 * renders (the 30-s clock of `lib/i18n/use-clock` also agrees with the server's markup). A
 * component reads the clock it needs; the ones around it do not re-render on its ticks.
 */
export function useNowEvery(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
