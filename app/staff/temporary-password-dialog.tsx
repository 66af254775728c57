'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import type { TemporaryPassword } from './use-staff-admin';

/**
 * A temporary password, shown this once (the server keeps only its hash): copy it, with a warning
 * that closing the dialog hides it for good. Nothing keeps it once the dialog is closed.
 */
export function TemporaryPasswordDialog({
  temporary,
  onClose,
}: {
  temporary: TemporaryPassword;
  onClose: () => void;
}) {
  const t = useTranslations('StaffAdmin');
  const fieldId = useId();
  const warningId = `${fieldId}-warning`;
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);

  const copyPassword = async () => {
    try {
      // No clipboard outside a secure context (a page over plain HTTP): said, and selected.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(temporary.password);
      setCopy('copied');
    } catch {
      setCopy('failed');
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <ModalDialog title={t('temporaryTitle', { loginId: temporary.loginId })} onClose={onClose}>
      <div className="modal__body">
        <p>{t('temporaryBody', { name: temporary.displayName })}</p>
        <p id={warningId} className="notice temporary-warning">
          {t('temporaryWarning')}
        </p>
        <div className="field">
          <label htmlFor={fieldId}>{t('temporaryLabel')}</label>
          <div className="temporary-password">
            <input
              id={fieldId}
              ref={field}
              className="temporary-password__value"
              readOnly
              value={temporary.password}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={warningId}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" data-autofocus onClick={() => void copyPassword()}>
              {t('copy')}
            </button>
          </div>
          <p role="status" className="field-hint">
            {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
          </p>
        </div>
        <div className="actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            {t('close')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
