'use client';

import { useSyncExternalStore } from 'react';
import { mobileMediaQuery } from './breakpoints';
import { useMobileHint } from './layout-hint-context';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(mobileMediaQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(mobileMediaQuery).matches;

/**
 * True when the viewport is at most 700px wide; follows resizes live. The server cannot know the
 * viewport: it renders the layout this browser last used (the layout cookie, desktop without
 * one), hydration keeps it, and the client corrects it at once if the viewport says otherwise.
 */
export function useIsMobile(): boolean {
  const hint = useMobileHint();
  return useSyncExternalStore(subscribe, getSnapshot, () => hint);
}
