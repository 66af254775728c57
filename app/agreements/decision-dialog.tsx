'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import { reasonLength, type Agreement, type LogAction } from '@/lib/agreements/agreement';
import { reasonProblem } from '@/lib/agreements/reason';
import { useFormatMoney } from '@/lib/i18n/use-format-money';

interface DecisionDialogProps {
  /**
   * One agreement, or a bulk decision: how many are sent, how many selected are left out (a bulk
   * approval sends only those this viewer may approve), and whether this viewer gives only first
   * approvals (a clerk).
   */
  subject: Agreement | { count: number; leftOut?: number; firstApprovalsOnly?: boolean };
  /** A decision, or sending a decided agreement back to pending. */
  decision: LogAction;
  /**
   * The viewer's role may send a decided agreement back to pending (a supervisor or an admin): an
   * approval is then theirs to undo, where a clerk needs one of them.
   */
  canReopen: boolean;
  /** The reason typed before, when a failed decision is tried again. */
  initialReason?: string;
  onConfirm: (reason: string | null) => void;
  onCancel: () => void;
  /** Where the focus goes afterwards when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * Confirms an approval, a rejection with its reason, or a reopening with its reason, of one
 * agreement or of the selected ones, before anything is sent.
 */
export function DecisionDialog({
  subject,
  decision,
  canReopen,
  initialReason = '',
  onConfirm,
  onCancel,
  fallbackFocus,
}: DecisionDialogProps) {
  const t = useTranslations('DecisionDialog');
  const formatMoney = useFormatMoney();
  const [reason, setReason] = useState(initialReason);
  const [showProblem, setShowProblem] = useState(false);
  const reasonId = useId();
  const hintId = `${reasonId}-hint`;
  const errorId = `${reasonId}-error`;
  const problem = reasonProblem(decision, reason);
  const problemText =
    problem === 'required'
      ? t('reasonRequired', { min: reasonLength.min })
      : problem === 'tooLong'
        ? t('reasonTooLong', { max: reasonLength.max })
        : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem) {
      setShowProblem(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    onConfirm(reason.trim() || null);
  };

  const rejecting = decision === 'reject';
  const needsReason = decision !== 'approve';
  const bulk = 'count' in subject;
  const title = bulk
    ? t(rejecting ? 'bulkRejectTitle' : 'bulkApproveTitle', { count: subject.count })
    : t(decision === 'reopen' ? 'reopenTitle' : rejecting ? 'rejectTitle' : 'approveTitle');
  const body = bulk
    ? decision === 'approve' &&
      t(subject.firstApprovalsOnly ? 'bulkApproveBodyFirst' : 'bulkApproveBody')
    : decision === 'reopen'
      ? t('reopenBody')
      : decision === 'approve' &&
        (subject.requiredApprovals === 2 && subject.approvals.length === 0
          ? t('firstApprovalBody')
          : t(canReopen ? 'approveBodyCanReopen' : 'approveBody'));
  return (
    <ModalDialog title={title} onClose={onCancel} fallbackFocus={fallbackFocus}>
      <form onSubmit={submit} noValidate>
        <p>
          {bulk
            ? t('bulkSummary', { count: subject.count })
            : t('summary', {
                lot: subject.lotTitle,
                buyer: subject.buyer,
                amount: formatMoney(subject.amount, subject.currency),
              })}
        </p>
        {body && <p>{body}</p>}
        {bulk && (subject.leftOut ?? 0) > 0 && (
          <p data-testid="bulk-left-out">{t('bulkLeftOut', { count: subject.leftOut ?? 0 })}</p>
        )}
        <div className="field">
          <label htmlFor={reasonId}>
            {decision === 'reopen'
              ? t('reopenReason')
              : rejecting
                ? t('reason')
                : t('reasonOptional')}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            value={reason}
            // The text first, for every decision: Enter alone never confirms one (undoing it is
            // a supervisor's reopening, with a reason); Ctrl+Enter (or the button) does.
            data-autofocus
            required={needsReason}
            maxLength={reasonLength.max + 50}
            aria-invalid={showProblem && problem ? true : undefined}
            aria-describedby={showProblem && problem ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <p id={hintId} className="field-hint">
            {needsReason
              ? t('reasonHint', { min: reasonLength.min, max: reasonLength.max })
              : t('noteHint', { max: reasonLength.max })}
          </p>
          {showProblem && problemText && (
            <p id={errorId} className="field-error">
              {problemText}
            </p>
          )}
        </div>
        <div className="actions">
          <button
            type="submit"
            data-decision={decision}
            className={rejecting ? 'button-danger' : undefined}
          >
            {decision === 'reopen'
              ? t('confirmReopen')
              : rejecting
                ? t('confirmReject')
                : t('confirmApprove')}
          </button>
          <button type="button" className="button-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
