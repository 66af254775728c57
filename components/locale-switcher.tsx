'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import { isLocale, locales } from '@/lib/i18n/locales';
import { persistLocale } from '@/lib/i18n/locale-preference';

/** Changes the language in place: the server re-renders the tree, the page is not reloaded. */
export function LocaleSwitcher() {
  const t = useTranslations('LocaleSwitcher');
  const locale = useLocale();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const id = useId();

  return (
    <div className="locale-switcher">
      <label htmlFor={id}>{t('label')}</label>
      <select
        id={id}
        value={locale}
        aria-busy={isPending}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          persistLocale(next);
          startTransition(() => router.refresh());
        }}
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
