'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { checkAccess, type GuardedRoute } from '@/lib/auth/access-check';
import { onSessionEnded } from '@/lib/api/session-ended';
import { fetchMe, storedUserOf } from '@/lib/auth/auth-api';
import { afterSignIn, signInHref } from '@/lib/auth/next-path';
import { logOut } from '@/lib/auth/sign-out';
import { readAccessTokenId } from '@/lib/storage/stored-values';
import { readStoredUser, writeStoredUser } from '@/lib/auth/stored-user';

/** A check denied while the page was being left is asked again after this, if the page stayed. */
const checkAgainAfterLeavingMs = 3_000;
/** How long after it began to be left a page counts as being left (its navigation under way). */
const leavingMs = 10_000;

// When this page last began to be left (a reload, a typed address): the browser then cuts its
// requests (ADR 24). Listened for from the module's load, so a guard that mounts after it (a client
// navigation under way when the reload came) knows too.
let leftAt = Number.NEGATIVE_INFINITY;
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', () => {
    leftAt = performance.now();
  });
const beingLeft = () => performance.now() - leftAt < leavingMs;

/**
 * The client guard of /sign and /dash (docs/product-contract.md §2.1). Nothing of the area
 * renders, on the server or here, until the check allows it. A user who must still replace a
 * temporary password goes to /account instead (contract §15).
 */
export function AccessGuard({ route, children }: { route: GuardedRoute; children: ReactNode }) {
  const t = useTranslations('AccessGuard');
  const router = useRouter();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    // `again`: the check that follows one set aside; its answer is acted on, leaving or not.
    const check = (isAgain = false) => {
      const stored = {
        loginId: readStoredUser()?.loginId ?? null,
        accessTokenId: readAccessTokenId(),
      };
      void checkAccess(route, stored, fetchMe).then(async (decision) => {
        if (cancelled) return;
        // A page being left has its requests cut: that is no answer to the check, and logging
        // out on it would end the session the next page is about to use. The guard waits; still
        // here a moment later (the navigation did not happen), it asks again. An answer (a 401,
        // another user) is acted on at once, leaving or not.
        if (decision.kind === 'log-out-and-deny' && decision.noAnswer && !isAgain && beingLeft()) {
          again = setTimeout(() => check(true), checkAgainAfterLeavingMs);
          return;
        }
        switch (decision.kind) {
          case 'allow':
            setAllowed(true);
            return;
          case 'allow-as':
            writeStoredUser(storedUserOf(decision.user));
            setAllowed(true);
            return;
          case 'change-password':
            writeStoredUser(storedUserOf(decision.user));
            // A temporary password is replaced before anything else (contract §15).
            router.replace('/account');
            return;
          case 'go-to-dash':
            writeStoredUser(storedUserOf(decision.user));
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
    };
    check();
    return () => {
      cancelled = true;
      clearTimeout(again);
    };
  }, [route, router]);

  // Later, a call that meets the session ended on the server (revoked, expired, the account
  // disabled) ends the dashboard as the check would have: log out, deny.
  // A 401 to a call still on its way after this browser signed out (the stored user gone) is
  // that sign-out's, already acted on.
  useEffect(() => {
    if (!allowed || route !== 'dash') return;
    let ended = false;
    let unmounted = false;
    const stopListening = onSessionEnded(() => {
      if (ended || readStoredUser() === null) return;
      ended = true;
      const here = `${window.location.pathname}${window.location.search}`;
      void logOut().then(() => {
        if (!unmounted) router.replace(signInHref(here));
      });
    });
    return () => {
      unmounted = true;
      stopListening();
    };
  }, [allowed, route, router]);

  if (!allowed) {
    return (
      <p role="status" className="visually-hidden">
        {t('checking')}
      </p>
    );
  }
  return children;
}
