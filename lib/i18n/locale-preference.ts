import { readLocalePreference, writeLocalePreference } from '@/lib/storage/stored-values';
import { localeCookieName, type Locale } from './locales';
import { negotiateClientLocale } from './negotiate';

const oneYearInSeconds = 60 * 60 * 24 * 365;

/** The locale this browser wants: stored preference, then its languages, then en. */
export function preferredClientLocale(): Locale {
  return negotiateClientLocale(readLocalePreference(), navigator.languages ?? []);
}

/** A cookie the server renders by (language, time zone): a year long, readable by scripts. */
export function writePreferenceCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax${secure}`;
}

/** What a preference cookie holds in this browser, or null. */
export function readPreferenceCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  if (entry === undefined) return null;
  try {
    return decodeURIComponent(entry.slice(name.length + 1));
  } catch {
    return null;
  }
}

/** Mirrors the locale into the cookie the server renders from. */
export function writeLocaleCookie(locale: Locale): void {
  writePreferenceCookie(localeCookieName, locale);
}

export function persistLocale(locale: Locale): void {
  writeLocalePreference(locale);
  writeLocaleCookie(locale);
}
