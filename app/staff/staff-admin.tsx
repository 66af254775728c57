'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useDialogState } from '@/components/use-dialog-state';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { RoleNotice, SignInPrompt } from '@/components/access-notices';
import { ActionNoticeView } from './action-notice';
import { AddStaffForm } from './add-staff-form';
import { ConfirmActionDialog, type ConfirmedAction } from './confirm-action-dialog';
import { StaffList } from './staff-list';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { useStaffAdmin, type StaffAction } from './use-staff-admin';
import './staff.css';

/** The control an action started from: its row's select or button, or the add form. */
const controlOf = (action: StaffAction) =>
  action.kind === 'disable' || action.kind === 'enable' ? 'status' : action.kind;

/**
 * The staff screen (contract §15, admins only): the accounts, an action on each (confirmed first
 * when it takes something away), and adding one. The focus stays on the control that acted, or
 * comes back to it when a dialog or a notice goes.
 */
export function StaffAdmin({
  viewerLoginId,
  passwordEnteredAt = null,
}: {
  viewerLoginId: string;
  /** When the session's password was last entered (server time, ISO): see `useReauth`. */
  passwordEnteredAt?: string | null;
}) {
  const t = useTranslations('StaffAdmin');
  const errorText = useApiErrorText();
  const staff = useStaffAdmin(passwordEnteredAt);
  const { dialog, dialogKey, openDialog, closeDialog } = useDialogState<ConfirmedAction>();
  const heading = useRef<HTMLHeadingElement>(null);

  if (staff.sessionEnded)
    return <SignInPrompt ended title={t('signedOutTitle')} body={t('signedOutBody')} />;
  if (staff.forbidden) return <RoleNotice title={t('refusedTitle')} body={t('refusedBody')} />;

  const focusControl = (action: StaffAction) => {
    const wanted = controlOf(action);
    const found = [...document.querySelectorAll<HTMLElement>('[data-staff-control]')].find(
      (element) =>
        element.dataset.staffControl === wanted &&
        (wanted === 'add' || element.dataset.loginId === action.account.loginId),
    );
    (found ?? heading.current)?.focus();
  };

  const run = async (action: StaffAction) => {
    const result = await staff.perform(action);
    // A saved role hides its Save button, which had the focus: back to the role's select.
    if (result === 'done' && action.kind === 'role') focusControl(action);
    return result;
  };

  const request = (action: StaffAction) => {
    if (action.kind === 'disable' || action.kind === 'reset' || action.kind === 'sessions')
      openDialog({ kind: action.kind, account: action.account });
    else void run(action);
  };

  // A notice's buttons go with it: the focus goes back to the control the action came from.
  const retry = (action: StaffAction) => {
    focusControl(action);
    void run(action);
  };
  const dismiss = (action: StaffAction) => {
    focusControl(action);
    staff.dismissNotice();
  };
  const { notice } = staff;
  const failure = notice?.outcome === 'failed' ? notice : null;
  const failureView = failure && (
    <ActionNoticeView
      notice={failure}
      onRetry={() => retry(failure.action)}
      onDismiss={() => dismiss(failure.action)}
    />
  );
  const addFailed = failure?.action.kind === 'add';
  const { load } = staff;

  return (
    <div className="staff-admin">
      <AddStaffForm
        onAdd={(account) => run({ kind: 'add', account })}
        notice={addFailed ? failureView : null}
      />
      <section className="card" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" ref={heading} tabIndex={-1}>
          {t('listTitle')}
          {load.state === 'loaded' && (
            <span className="staff-admin__count">
              {' '}
              {t('accountCount', { count: load.accounts.length })}
            </span>
          )}
        </h2>
        <div role="status" className="staff-admin__status">
          {notice?.outcome === 'done' && <ActionNoticeView notice={notice} />}
          {load.state === 'loading' && <p>{t('loading')}</p>}
        </div>
        {!addFailed && failureView}
        {load.state === 'failed' && (
          <div className="notice" data-kind="load-failed" role="alert">
            <p>{t('loadFailed', { reason: errorText(load.error) })}</p>
            <div className="actions">
              <button type="button" onClick={staff.reload}>
                {t('retry')}
              </button>
            </div>
          </div>
        )}
        {load.state === 'loaded' && (
          <StaffList
            accounts={load.accounts}
            viewerLoginId={viewerLoginId}
            working={staff.working}
            onAction={request}
          />
        )}
      </section>
      {dialog && (
        <ConfirmActionDialog
          key={dialogKey}
          action={dialog}
          onCancel={closeDialog}
          onConfirm={() => {
            closeDialog();
            void run(dialog);
          }}
        />
      )}
      {staff.temporary && (
        <TemporaryPasswordDialog temporary={staff.temporary} onClose={staff.closeTemporary} />
      )}
      {staff.reauthPrompt}
    </div>
  );
}
