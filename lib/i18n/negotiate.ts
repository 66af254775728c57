import { defaultLocale, isLocale, type Locale } from './locales';

/** Maps a language tag such as `fr-CA` to a supported locale by its primary subtag. */
export function toSupportedLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(primary) ? primary : null;
}

function firstSupported(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const locale = toSupportedLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Client order: stored preference, then the browser's languages, then the default. */
export function negotiateClientLocale(
  storedPreference: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  return toSupportedLocale(storedPreference) ?? firstSupported(browserLanguages) ?? defaultLocale;
}

/** Parses an Accept-Language header into tags, highest quality first (ties keep their order). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/** Server order: the NEXT_LOCALE cookie, then Accept-Language, then the default. */
export function negotiateServerLocale(
  cookieValue: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return (
    toSupportedLocale(cookieValue) ??
    firstSupported(parseAcceptLanguage(acceptLanguage)) ??
    defaultLocale
  );
}
