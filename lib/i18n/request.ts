import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { localeCookieName } from './locales';
import { negotiateServerLocale } from './negotiate';

// next-intl without locale segments: the locale comes from the request, never the URL.
export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = negotiateServerLocale(
    cookieStore.get(localeCookieName)?.value,
    headerStore.get('accept-language'),
  );
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages };
});
