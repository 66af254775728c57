/** The cookie the server formats dates by: the browser's IANA time zone, set by TimeZoneSync. */
export const timeZoneCookieName = 'gavel-tz';

const maxTimeZoneLength = 64;

/** A time zone the runtime knows (`Europe/Paris`, `UTC`), or null for anything else. */
export function toTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > maxTimeZoneLength) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
