'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { reportSessionEnded } from '@/lib/api/session-ended';
import { forgetEndedSession, subscribeToOtherTabsSignOut } from '@/lib/auth/sign-out';
import { useStoredUser } from '@/lib/auth/use-stored-user';

/** Where a tab whose session ended goes: the sign-in page, told to come back here. */
const sessionEndedHref = (path: string) =>
  `/api/auth/session-ended?next=${encodeURIComponent(path)}`;

/**
 * Another tab signed out: this one is signed out too. It leaves the dashboard at once, and reads
 * any other page again once the session is revoked on the server. And while signed in, the tab
 * watches its session (lib/auth/session-watch.ts): ended on the server, it leaves within seconds.
 */
export function SessionSync() {
  const router = useRouter();
  const pathname = usePathname();
  const signedIn = useStoredUser() !== null;

  useEffect(
    () =>
      subscribeToOtherTabsSignOut({
        onLeft: () => {
          if (pathname === '/dash') router.replace('/sign');
        },
        // Once revoked: a page rendered for the session (the agreements) shows the sign-in prompt.
        onRevoked: () => {
          if (pathname !== '/dash') router.refresh();
        },
      }),
    [pathname, router],
  );

  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // Loaded once signed in: the sign-in page's first load does not carry it.
    void import('@/lib/auth/session-watch').then(({ browserSessionWatch, watchSession }) => {
      if (cancelled) return;
      stop = watchSession(
        browserSessionWatch(() => {
          // The screen that listens says it its own way (ADR 30: the dashboard signs out to /sign,
          // the agreements show their prompt in place), while this browser still remembers the
          // user (the dashboard's guard acts only then); any other page goes to /sign.
          const heard = reportSessionEnded();
          forgetEndedSession();
          if (heard) return;
          const { pathname: path, search } = window.location;
          window.location.assign(sessionEndedHref(`${path}${search}`));
        }),
      );
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
  return null;
}
