'use client';

import { useSyncExternalStore } from 'react';
import { mobileMediaQuery } from './breakpoints';
import { useMobileHint } from './layout-hint-context';

// One query list for the page: React reads the snapshot on every render of every board row and
// card, and `matchMedia` parses the query and builds a new list each time it is called (0.3 % of
// the live desk's main thread at 100 bids/s). Kept per `matchMedia`, which a test may replace.
let cached: { from: typeof window.matchMedia; list: MediaQueryList } | null = null;
function query(): MediaQueryList {
  if (cached?.from !== window.matchMedia)
    cached = { from: window.matchMedia, list: window.matchMedia(mobileMediaQuery) };
  return cached.list;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const getSnapshot = () => query().matches;

/**
 * True when the viewport is at most 700px wide; follows resizes live. The server cannot know the
 * viewport: it renders the layout this browser last used (the layout cookie, desktop without
 * one), hydration keeps it, and the client corrects it at once if the viewport says otherwise.
 */
export function useIsMobile(): boolean {
  const hint = useMobileHint();
  return useSyncExternalStore(subscribe, getSnapshot, () => hint);
}
