'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { checkAccess, type GuardedRoute } from '@/lib/auth/access-check';
import { fetchMe } from '@/lib/auth/auth-api';
import { afterSignIn, signInHref } from '@/lib/auth/next-path';
import { logOut } from '@/lib/auth/sign-out';
import { readAccessTokenId, readStoredUser, writeStoredUser } from '@/lib/storage/stored-values';

/**
 * The client guard of /sign and /dash (docs/product-contract.md §2.1). Nothing of the area
 * renders, on the server or here, until the check allows it.
 */
export function AccessGuard({ route, children }: { route: GuardedRoute; children: ReactNode }) {
  const t = useTranslations('AccessGuard');
  const router = useRouter();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const stored = {
      loginId: readStoredUser()?.loginId ?? null,
      accessTokenId: readAccessTokenId(),
    };
    void checkAccess(route, stored, fetchMe).then(async (decision) => {
      if (cancelled) return;
      switch (decision.kind) {
        case 'allow':
          setAllowed(true);
          return;
        case 'allow-as':
          writeStoredUser(decision.user);
          setAllowed(true);
          return;
        case 'go-to-dash':
          writeStoredUser(decision.user);
          // Signed in already: on to the deep link `/sign?next=` names, if it is ours.
          router.replace(afterSignIn(window.location.search));
          return;
        case 'log-out-and-deny':
          await logOut();
          if (cancelled) return;
          // Deny = go to /sign, which rule 1 now allows (nothing is stored any more).
          if (route === 'sign') setAllowed(true);
          else router.replace(signInHref(`${window.location.pathname}${window.location.search}`));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [route, router]);

  if (!allowed) {
    return (
      <p role="status" className="visually-hidden">
        {t('checking')}
      </p>
    );
  }
  return children;
}
