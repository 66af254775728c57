// The root error screen's three texts, in every language. That screen replaces the root layout
// (no translation provider), so it needs them itself: written here rather than importing both
// catalogs, which put 10 kB gzip on every route's first load (docs/benchmarks.md, the phone budget).
// messages.test.ts holds them equal to the catalogs' `GlobalError`, which stay the reference.
import type { Locale } from './locales';

export const globalErrorTexts: Record<Locale, { title: string; body: string; retry: string }> = {
  en: {
    title: 'Gavel could not be shown',
    body: 'Something went wrong. Try again, or reload the page.',
    retry: 'Try again',
  },
  fr: {
    title: 'Impossible d’afficher Gavel',
    body: 'Un problème est survenu. Réessayez ou rechargez la page.',
    retry: 'Réessayer',
  },
};
