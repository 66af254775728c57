'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { subscribeToOtherTabsSignOut } from '@/lib/auth/sign-out';

/** Another tab signed out: this one is signed out too, and leaves the dashboard. */
export function SessionSync() {
  const router = useRouter();
  const pathname = usePathname();

  useEffect(
    () =>
      subscribeToOtherTabsSignOut(() => {
        if (pathname === '/dash') router.replace('/sign');
        else router.refresh();
      }),
    [pathname, router],
  );
  return null;
}
