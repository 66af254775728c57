import { readLocalePreference, writeLocalePreference } from '@/lib/storage/stored-values';
import { localeCookieName, type Locale } from './locales';
import { negotiateClientLocale } from './negotiate';

const oneYearInSeconds = 60 * 60 * 24 * 365;

/** The locale this browser wants: stored preference, then its languages, then en. */
export function preferredClientLocale(): Locale {
  return negotiateClientLocale(readLocalePreference(), navigator.languages ?? []);
}

/** Mirrors the locale into the cookie the server renders from. */
export function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${localeCookieName}=${locale}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax${secure}`;
}

export function persistLocale(locale: Locale): void {
  writeLocalePreference(locale);
  writeLocaleCookie(locale);
}
