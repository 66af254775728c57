'use client';

import { useTimeZone } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { readPreferenceCookie, writePreferenceCookie } from '@/lib/i18n/locale-preference';
import { timeZoneCookieName, toTimeZone } from '@/lib/i18n/time-zones';

/**
 * Dates are shown in the viewer's time zone, which only the browser knows: when the server
 * rendered in another one (a first visit, a laptop that travelled), tell it by cookie and
 * re-render once. Server and client format with the same zone, so hydration always matches.
 */
export function TimeZoneSync() {
  const renderedIn = useTimeZone();
  const router = useRouter();

  useEffect(() => {
    const browserZone = toTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (browserZone === null || browserZone === renderedIn) return;
    // Already told: the server names the zone differently (an older time zone database).
    if (readPreferenceCookie(timeZoneCookieName) === browserZone) return;
    writePreferenceCookie(timeZoneCookieName, browserZone);
    router.refresh();
  }, [renderedIn, router]);

  return null;
}
