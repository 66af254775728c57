'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { signInHref } from '@/lib/auth/next-path';

/** In place of agreements when there is no session: what to do, and the way to do it. */
export function SignInPrompt({ ended = false }: { ended?: boolean }) {
  const t = useTranslations('Agreements');
  // A deep link (a filter, a search, a page) comes back after sign-in; the plain list needs no
  // way back (docs/product-contract.md §12).
  const query = useSearchParams().toString();
  const pathname = usePathname();
  return (
    <section className="card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h2 id="sign-in-prompt-title">{t('signedOutTitle')}</h2>
      <p>{ended ? t('sessionEnded') : t('signedOutBody')}</p>
      <p>
        <Link
          href={query ? signInHref(`${pathname}?${query}`) : '/sign'}
          className="button-link"
          prefetch={false}
        >
          {t('signIn')}
        </Link>
      </p>
    </section>
  );
}
