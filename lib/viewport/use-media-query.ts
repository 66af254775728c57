'use client';

import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the viewport matches a media query, following resizes live. `serverMatches` stands in
 * where there is no viewport: on the server, and while hydrating what the server rendered.
 */
export function useMediaQuery(query: string, serverMatches: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverMatches,
  );
}
