'use client';

import type { ReactNode } from 'react';
import { useRememberLayout } from '@/lib/viewport/layout-hint-context';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { AppHeader } from './app-header';
import { FocusAfterNavigation } from './focus-after-navigation';
import { LoadingOverlay } from './loading-overlay';
import { LocaleSync } from './locale-sync';
import { SessionSync } from './session-sync';
import { TimeZoneSync } from './time-zone-sync';

/**
 * The frame of every screen; its layout follows the mobile flag (at most 700px wide).
 * `sessionHint`: the request carried a session cookie (the header then has no "Sign in").
 */
export function AppShell({
  children,
  sessionHint = false,
}: {
  children: ReactNode;
  sessionHint?: boolean;
}) {
  const isMobile = useIsMobile();
  useRememberLayout(isMobile);

  return (
    <div className="app-shell" data-layout={isMobile ? 'mobile' : 'desktop'}>
      <LocaleSync />
      <SessionSync />
      <TimeZoneSync />
      <FocusAfterNavigation />
      <AppHeader sessionHint={sessionHint} />
      <main id="content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <LoadingOverlay />
    </div>
  );
}
