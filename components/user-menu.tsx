'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { logOut } from '@/lib/auth/sign-out';
import { useStoredUser } from '@/lib/storage/use-stored-user';

/** Who is signed in, and the way out. Shown only while this browser remembers a user. */
export function UserMenu() {
  const t = useTranslations('UserMenu');
  const tRoles = useTranslations('Roles');
  const router = useRouter();
  const user = useStoredUser();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  return (
    <div className="user-menu">
      <span className="user-menu__name">{t('signedInAs', { name: user.displayName })}</span>
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
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await logOut();
          router.replace('/sign');
          setBusy(false);
        }}
      >
        {t('signOut')}
      </button>
    </div>
  );
}
