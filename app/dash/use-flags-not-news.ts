'use client';

import { useState } from 'react';
import type { Flag } from '@/lib/sale-desk/flags/flag';

/**
 * The flags that are not news: those raised by the replay of earlier bids, taken once when it
 * ends (or at once if there was none); null while it is still going, when nothing is news. The
 * live dashboard owns it, so a flag raised between the replay's end and the moment its panel
 * appears (ADR 17 reveals the panels later) is still announced.
 */
export function useFlagsNotNews(
  flags: readonly Flag[],
  replaying: boolean,
): ReadonlySet<string> | null {
  const [notNews, setNotNews] = useState<ReadonlySet<string> | null>(() =>
    replaying ? null : new Set(flags.map((flag) => flag.id)),
  );
  if (notNews === null && !replaying) {
    const taken = new Set(flags.map((flag) => flag.id));
    setNotNews(taken);
    return taken;
  }
  return notNews;
}
