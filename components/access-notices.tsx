'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId } from 'react';
import { signInHref } from '@/lib/auth/next-path';

// What /staff, /activity and /account show instead of their content: no session, or a role that
// does not allow the screen. The page still answers (200): the data calls are what refuse.

/** No session, or it ended: what to do, and the way back here after signing in. */
export function SignInPrompt({
  title,
  body,
  ended = false,
}: {
  title: string;
  body: string;
  /** The session ended while the screen was open (a call answered 401). */
  ended?: boolean;
}) {
  const t = useTranslations('Account');
  const titleId = useId();
  const query = useSearchParams().toString();
  const pathname = usePathname();
  return (
    <section className="card sign-in-prompt" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{ended ? t('sessionEnded') : body}</p>
      <p>
        <Link
          href={signInHref(query ? `${pathname}?${query}` : pathname)}
          className="button-link"
          prefetch={false}
        >
          {t('signIn')}
        </Link>
      </p>
    </section>
  );
}

/** Signed in, but the role does not allow this screen (its link is hidden in the header). */
export function RoleNotice({ title, body }: { title: string; body: string }) {
  const titleId = useId();
  return (
    <section className="card role-notice" aria-labelledby={titleId} data-testid="role-notice">
      <h2 id={titleId}>{title}</h2>
      <p>{body}</p>
    </section>
  );
}
