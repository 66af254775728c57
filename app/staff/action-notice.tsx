'use client';

import { useTranslations } from 'next-intl';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import type { ActionNotice } from './use-staff-admin';

/**
 * What became of the last action: said once done (put it in a live region that is always there,
 * so it is announced), or why it failed, as an alert with "Try again".
 */
export function ActionNoticeView({
  notice,
  onRetry,
  onDismiss,
}: {
  notice: ActionNotice;
  /** For a failure: send the same action again, or put the notice away. */
  onRetry?: () => void;
  onDismiss?: () => void;
}) {
  const t = useTranslations('StaffAdmin');
  const tRoles = useTranslations('Roles');
  const errorText = useApiErrorText();
  const { action } = notice;
  const values = {
    action: action.kind === 'add' ? 'add' : action.kind,
    loginId: action.account.loginId,
    role: action.kind === 'role' ? tRoles(action.role) : '',
  };
  if (notice.outcome === 'done') {
    return (
      <p className="notice" data-kind="saved">
        {t('done', values)}
      </p>
    );
  }
  return (
    <div className="notice" data-kind="failed" role="alert">
      <p>{t('failed', { ...values, reason: errorText(notice.error) })}</p>
      <div className="actions">
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
        <button type="button" className="button-secondary" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </div>
  );
}
