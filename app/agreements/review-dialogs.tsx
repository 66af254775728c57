'use client';

import type { Agreement, Decision } from '@/lib/agreements/agreement';
import type { Viewer } from '@/lib/agreements/use-agreement-review';
import { can } from '@/lib/auth/roles';
import { DecisionDialog } from './decision-dialog';
import { DecisionLogDialog } from './decision-log-dialog';

// The dialogs of the agreements review: one decision or reopening, a bulk decision, a history.

export type ReviewDialog =
  | { kind: Decision | 'reopen'; agreement: Agreement; reason?: string }
  | { kind: 'history'; agreement: Agreement }
  /** `leftOut`: the selected rows a bulk approval does not send, counted as the dialog opens. */
  | { kind: 'bulk'; decision: Decision; agreements: Agreement[]; leftOut: number };

interface ReviewDialogsProps {
  dialog: ReviewDialog | null;
  dialogKey: number;
  viewer: Viewer;
  onClose: () => void;
  onConfirmOne: (agreement: Agreement, action: Decision | 'reopen', reason: string | null) => void;
  onConfirmBulk: (agreements: Agreement[], decision: Decision, reason: string | null) => void;
  onSessionEnded: () => void;
}

export function ReviewDialogs({
  dialog,
  dialogKey,
  viewer,
  onClose,
  onConfirmOne,
  onConfirmBulk,
  onSessionEnded,
}: ReviewDialogsProps) {
  return (
    <>
      {dialog && dialog.kind !== 'history' && dialog.kind !== 'bulk' && (
        <DecisionDialog
          key={dialogKey}
          subject={dialog.agreement}
          decision={dialog.kind}
          canReopen={can(viewer.role, 'reopen')}
          initialReason={dialog.reason}
          fallbackFocus={() => rowFocusTarget(dialog.agreement.id)}
          onCancel={onClose}
          onConfirm={(reason) => onConfirmOne(dialog.agreement, dialog.kind, reason)}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <DecisionDialog
          key={dialogKey}
          subject={{
            count: dialog.agreements.length,
            leftOut: dialog.leftOut,
            firstApprovalsOnly: viewer.role === 'clerk',
          }}
          decision={dialog.decision}
          canReopen={can(viewer.role, 'reopen')}
          fallbackFocus={() => document.getElementById('agreements-list-title')}
          onCancel={onClose}
          onConfirm={(reason) => onConfirmBulk(dialog.agreements, dialog.decision, reason)}
        />
      )}
      {dialog?.kind === 'history' && (
        <DecisionLogDialog
          key={dialogKey}
          agreement={dialog.agreement}
          onSessionEnded={onSessionEnded}
          onClose={onClose}
        />
      )}
    </>
  );
}

/** After a decision the row's Approve button is gone: the focus goes to its History button. */
function rowFocusTarget(agreementId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    `[data-agreement-id="${CSS.escape(agreementId)}"] [data-row-action="history"]`,
  );
}
