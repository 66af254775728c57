import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { localeCookieName } from './locales';
import { negotiateServerLocale } from './negotiate';
import { timeZoneCookieName, toTimeZone } from './time-zones';

const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// next-intl without locale segments: the locale comes from the request, never the URL.
// The time zone is the browser's once TimeZoneSync has told it (until then the server's), and
// `now` is the request's time: the client provider inherits both, so the markup the server
// renders (dates, "5 minutes ago") is the markup hydration renders.
export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = negotiateServerLocale(
    cookieStore.get(localeCookieName)?.value,
    headerStore.get('accept-language'),
  );
  const messages = (await import(`../../messages/${locale}.json`)).default;
  const timeZone = toTimeZone(cookieStore.get(timeZoneCookieName)?.value);
  return { locale, messages, timeZone: timeZone ?? serverTimeZone, now: new Date() };
});
