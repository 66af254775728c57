'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { onSessionEnded } from '@/lib/api/session-ended';
import { SignInPrompt } from '@/components/access-notices';
import { ChangePasswordForm } from './change-password-form';
import { OwnSessions } from './own-sessions';
import './account.css';

/**
 * The own account (contract §15): the password and the sessions. With a temporary password, only
 * the form that replaces it, and then on to the dashboard.
 */
export function AccountSettings({
  loginId,
  mustChangePassword,
}: {
  loginId: string;
  mustChangePassword: boolean;
}) {
  const t = useTranslations('Account');
  const router = useRouter();
  const [sessionEnded, setSessionEnded] = useState(false);
  // A new password ends the other sessions: the list is read again.
  const [passwordChanges, setPasswordChanges] = useState(0);
  useEffect(() => onSessionEnded(() => setSessionEnded(true)), []);

  if (sessionEnded)
    return <SignInPrompt ended title={t('signedOutTitle')} body={t('signedOutBody')} />;
  if (mustChangePassword) {
    return (
      <div className="account">
        <ChangePasswordForm loginId={loginId} temporary onChanged={() => router.replace('/dash')} />
      </div>
    );
  }
  return (
    <div className="account">
      <ChangePasswordForm
        loginId={loginId}
        temporary={false}
        onChanged={() => setPasswordChanges((count) => count + 1)}
      />
      <OwnSessions version={passwordChanges} />
    </div>
  );
}
