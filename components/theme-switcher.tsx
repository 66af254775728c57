'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { readThemePreference, writeThemePreference } from '@/lib/storage/stored-values';
import {
  parseThemePreference,
  resolveTheme,
  themePreferences,
  type ThemePreference,
} from '@/lib/theme/theme';

const darkQuery = '(prefers-color-scheme: dark)';
/** Told when this tab changes the preference (`storage` events come from other tabs only). */
const changeEvent = 'gavel:theme';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

const readPreference = () => parseThemePreference(readThemePreference());

/** Paints a theme: what the inline script did at load, again after every change. */
function paint(preference: ThemePreference) {
  const theme = resolveTheme(preference, window.matchMedia(darkQuery).matches);
  document.documentElement.setAttribute('data-theme', theme);
}

/** System, light or dark, kept in `gavel.theme`; every tab follows, and so does the system. */
export function ThemeSwitcher() {
  const t = useTranslations('AppHeader');
  const id = useId();
  // The server does not know the stored value: `system` there, the stored one once hydrated.
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);

  useEffect(() => {
    paint(preference);
    if (preference !== 'system') return;
    const media = window.matchMedia(darkQuery);
    const follow = () => paint('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [preference]);

  return (
    <div className="theme-switcher">
      <label htmlFor={id}>{t('theme')}</label>
      <select
        id={id}
        value={preference}
        onChange={(event) => {
          writeThemePreference(parseThemePreference(event.target.value));
          window.dispatchEvent(new Event(changeEvent));
        }}
      >
        {themePreferences.map((option) => (
          <option key={option} value={option}>
            {t(`theme_${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
