// The colour theme (contract §4): light or dark, following the system until the user picks one,
// stored as `gavel.theme`. Pure: the inline script, the switcher and the tests share it.
import { storageKeys } from '@/lib/storage/stored-values';

export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type Theme = 'light' | 'dark';

/** What was stored, or `system` for nothing or anything else. */
export function parseThemePreference(raw: string | null): ThemePreference {
  return (themePreferences as readonly (string | null)[]).includes(raw)
    ? (raw as ThemePreference)
    : 'system';
}

/** The theme to paint: the user's pick, or the system's. */
export const resolveTheme = (preference: ThemePreference, systemDark: boolean): Theme =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

/**
 * The inline script that sets `data-theme` on <html> before the first paint (no flash): it runs
 * before the stylesheet applies to the body, without waiting for React. It repeats
 * `parseThemePreference` and `resolveTheme` in plain ES5, tested against them.
 */
export const themeScript = `(function(){try{var p=localStorage.getItem(${JSON.stringify(
  storageKeys.theme,
)});var d=p==='dark'||(p!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.setAttribute('data-theme',d?'dark':'light')}catch(e){}})()`;
