'use client';

import type { ErrorInfo } from 'next/error';
import { useEffect, useSyncExternalStore } from 'react';
import { reportError } from '@/lib/errors/client-reporter';
import { negotiateClientLocale } from '@/lib/i18n/negotiate';
import type { Locale } from '@/lib/i18n/locales';
import { readLocalePreference } from '@/lib/storage/stored-values';
import { globalErrorTexts as texts } from '@/lib/i18n/global-error-texts';

const subscribeToNothing = () => () => undefined;
const browserLocale = (): Locale =>
  negotiateClientLocale(readLocalePreference(), navigator.languages ?? []);

// Replaces the root layout, so no translation provider is available: pick the texts here.
export default function GlobalError({ error, retry }: ErrorInfo) {
  const locale = useSyncExternalStore(subscribeToNothing, browserLocale, () => 'en' as const);

  useEffect(() => reportError(error), [error]);

  const t = texts[locale];
  return (
    <html lang={locale}>
      <body>
        <main className="global-error">
          <h1>{t.title}</h1>
          <p>{t.body}</p>
          <button type="button" onClick={retry}>
            {t.retry}
          </button>
        </main>
      </body>
    </html>
  );
}
