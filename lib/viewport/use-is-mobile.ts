'use client';

import { mobileMediaQuery } from './breakpoints';
import { useMobileHint } from './layout-hint-context';
import { useMediaQuery } from './use-media-query';

/**
 * True when the viewport is at most 700px wide; follows resizes live. The server cannot know the
 * viewport: it renders the layout this browser last used (the layout cookie, desktop without
 * one), hydration keeps it, and the client corrects it at once if the viewport says otherwise.
 */
export function useIsMobile(): boolean {
  return useMediaQuery(mobileMediaQuery, useMobileHint());
}
