'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { subscribeToOtherTabsSignOut } from '@/lib/auth/sign-out';

/**
 * Another tab signed out: this one is signed out too. It leaves the dashboard at once, and reads
 * any other page again once the session is revoked on the server.
 */
export function SessionSync() {
  const router = useRouter();
  const pathname = usePathname();

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
  return null;
}
