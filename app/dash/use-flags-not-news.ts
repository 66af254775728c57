'use client';

import { useState } from 'react';
import type { Flag } from '@/lib/sale-desk/flags/flag';

/**
 * The flags that are not news: those the first read of the record brought (raised before this
 * page opened), taken once it answers (or at once if it had); null until then, when nothing is
 * news. The live dashboard owns it, so a flag a later read brings before its panel appears
 * (ADR 17 reveals the panels later) is still announced.
 */
export function useFlagsNotNews(
  flags: readonly Flag[],
  waiting: boolean,
): ReadonlySet<string> | null {
  const [notNews, setNotNews] = useState<ReadonlySet<string> | null>(() =>
    waiting ? null : new Set(flags.map((flag) => flag.id)),
  );
  if (notNews === null && !waiting) {
    const taken = new Set(flags.map((flag) => flag.id));
    setNotNews(taken);
    return taken;
  }
  return notNews;
}
