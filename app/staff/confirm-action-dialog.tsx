'use client';

import { useTranslations } from 'next-intl';
import { ModalDialog } from '@/components/modal-dialog';
import type { StaffAccount } from '@/lib/staff/staff-account';

/** The actions confirmed before they are sent: each takes something from the account. */
export type ConfirmedAction = { kind: 'disable' | 'reset' | 'sessions'; account: StaffAccount };

const texts = {
  disable: ['confirmDisableTitle', 'confirmDisableBody', 'disable'],
  reset: ['confirmResetTitle', 'confirmResetBody', 'resetPassword'],
  sessions: ['confirmEndSessionsTitle', 'confirmEndSessionsBody', 'endSessions'],
} as const;

/**
 * What the action does to whom, before it is sent. The focus starts on Cancel: Enter pressed
 * once too often does not disable an account.
 */
export function ConfirmActionDialog({
  action,
  onConfirm,
  onCancel,
}: {
  action: ConfirmedAction;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('StaffAdmin');
  const [title, body, confirm] = texts[action.kind];
  const { loginId, displayName } = action.account;
  return (
    <ModalDialog title={t(title, { loginId })} onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <p>{t(body, { name: displayName })}</p>
        <div className="actions">
          <button type="submit" className={action.kind === 'disable' ? 'button-danger' : undefined}>
            {t(confirm)}
          </button>
          <button type="button" className="button-secondary" onClick={onCancel} data-autofocus>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
