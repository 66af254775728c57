'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { toSupportedLocale } from '@/lib/i18n/negotiate';
import { writeLocaleCookie } from '@/lib/i18n/locale-preference';
import { readLocalePreference } from '@/lib/storage/stored-values';

/**
 * A stored preference beats what the server guessed (a missing or stale NEXT_LOCALE cookie):
 * mirror it into the cookie and re-render. With nothing stored, the server's choice from
 * Accept-Language already is the browser's languages, so nothing changes.
 */
export function LocaleSync() {
  const locale = useLocale();
  const router = useRouter();

  useEffect(() => {
    const stored = toSupportedLocale(readLocalePreference());
    if (stored === null || stored === locale) return;
    writeLocaleCookie(stored);
    router.refresh();
  }, [locale, router]);

  return null;
}
