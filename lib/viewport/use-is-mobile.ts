'use client';

import { useSyncExternalStore } from 'react';
import { mobileMediaQuery } from './breakpoints';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(mobileMediaQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const getSnapshot = () => window.matchMedia(mobileMediaQuery).matches;
// The server cannot know the viewport: it renders the desktop layout and the client corrects it.
const getServerSnapshot = () => false;

/** True when the viewport is at most 700px wide; follows resizes live. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
