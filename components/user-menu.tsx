'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { logOut } from '@/lib/auth/sign-out';
import type { StoredUser } from '@/lib/auth/stored-user';
import { useStoredUser } from '@/lib/auth/use-stored-user';

/** Who is signed in, and the way out. Shown only while this browser remembers a user. */
export function UserMenu() {
  const t = useTranslations('UserMenu');
  const tRoles = useTranslations('Roles');
  const router = useRouter();
  const storedUser = useStoredUser();
  // Signing out clears the stored user at once, before the server's answer: the menu stays, with
  // its button saying what is under way and keeping the focus, until the sign-in page comes.
  const [leaving, setLeaving] = useState<StoredUser | null>(null);
  const user = storedUser ?? leaving;
  if (!user) return null;
  const busy = leaving !== null;

  return (
    <div className="user-menu">
      {/* The header shows the name; the sentence is what a screen reader says (the row keeps
          six links and the settings on one line at 1440 px, in French too). */}
      <span className="user-menu__name">
        <span className="visually-hidden">{t('signedInAs', { name: user.displayName })}</span>
        <span aria-hidden="true">{user.displayName}</span>
      </span>
      {/* A user stored by a build before roles has none until the next access check: shown as
          nothing rather than guessed. */}
      {user.role && (
        <span className="user-menu__role" data-testid="user-role">
          {tRoles(user.role)}
        </span>
      )}
      <button
        type="button"
        className="button-secondary"
        aria-disabled={busy || undefined}
        onClick={async () => {
          if (busy) return;
          setLeaving(user);
          await logOut();
          router.replace('/sign');
          setLeaving(null);
        }}
      >
        {busy ? t('signingOut') : t('signOut')}
      </button>
    </div>
  );
}
