'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { logOut } from '@/lib/auth/sign-out';
import { useStoredUser } from '@/lib/storage/use-stored-user';

/** Who is signed in, and the way out. Shown only while this browser remembers a user. */
export function UserMenu() {
  const t = useTranslations('UserMenu');
  const router = useRouter();
  const user = useStoredUser();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  return (
    <div className="user-menu">
      <span className="user-menu__name">{t('signedInAs', { name: user.displayName })}</span>
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
