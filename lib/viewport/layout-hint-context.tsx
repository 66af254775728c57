'use client';

import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { readPreferenceCookie, writePreferenceCookie } from '@/lib/i18n/locale-preference';
import { layoutCookieName, layoutHintOf } from './layout-hint';

const MobileHint = createContext(false);

/** What the server rendered by (the layout cookie): the mobile flag's value until hydrated. */
export function MobileHintProvider({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  return <MobileHint.Provider value={mobile}>{children}</MobileHint.Provider>;
}

export const useMobileHint = () => useContext(MobileHint);

/** Remembers the layout this browser uses, for the server's next render. */
export function useRememberLayout(isMobile: boolean) {
  useEffect(() => {
    const hint = layoutHintOf(isMobile);
    if (readPreferenceCookie(layoutCookieName) !== hint)
      writePreferenceCookie(layoutCookieName, hint);
  }, [isMobile]);
}
