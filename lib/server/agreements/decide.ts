import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import { decisionStep, requiredApprovals } from '@/lib/agreements/approval';
import type { ApprovalThresholds } from '@/lib/agreements/approval-thresholds';
import { serverEnv } from '@/lib/env';
import { gatingFlags, type GatingFlag } from '@/lib/server/flags/gating-flags';
import type { FlagGate } from '@/lib/sale-desk/flags/flag-review';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import type { StoredApproval } from '@/lib/server/db/schema';
import type { DecisionBody } from './agreement-input';
import { toAgreement } from './agreement-row';
import { changeAgreement, lockAgreement } from './locked-agreement';

export type DecisionResult =
  | { outcome: 'decided'; agreement: Agreement }
  /** Decided or changed since the version the staff member saw: the agreement as it now is. */
  | { outcome: 'conflict'; agreement: Agreement }
  /** This account gave the first approval; the second must come from another (contract §12). */
  | { outcome: 'already_approved'; agreement: Agreement }
  /** A clerk giving the second approval. */
  | { outcome: 'forbidden'; agreement: Agreement }
  /** An approval held back by the lot's flags (FLAG_GATE, contract §14); rejections never are. */
  | { outcome: 'flag_unresolved'; agreement: Agreement; flags: GatingFlag[] }
  | { outcome: 'not_found' };

type Account = Actor;

/** The settings a decision follows; the environment's unless a caller (a test) gives them. */
export interface DecideOptions {
  now?: Date;
  thresholds?: ApprovalThresholds;
  gate?: FlagGate;
}

/**
 * Approves or rejects a pending agreement at the version the staff member saw, four-eyes included:
 * at or above APPROVAL_THRESHOLDS the first approval keeps it pending and the second, by another
 * account with a supervisor's or admin's role, approves it. The row is locked for the transaction
 * (read, rule, update, log entry), so of two simultaneous decisions exactly one wins: the other then
 * reads the new version and gets a conflict. An approval whose lot has a flag in a state FLAG_GATE
 * names is refused before any of that (contract §14): first, second and single alike.
 */
export async function decideAgreement(
  db: Database,
  id: string,
  body: DecisionBody,
  account: Account,
  {
    now = new Date(),
    thresholds = serverEnv().approvalThresholds,
    gate = serverEnv().flagGate,
  }: DecideOptions = {},
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const row = await lockAgreement(tx, id);
    if (!row) return { outcome: 'not_found' };
    const current = toAgreement(row, thresholds);
    if (row.status !== 'pending' || row.version !== body.version)
      return { outcome: 'conflict', agreement: current };

    if (body.decision === 'approve') {
      const flags = await gatingFlags(tx, row, gate);
      if (flags.length > 0) return { outcome: 'flag_unresolved', agreement: current, flags };
    }

    const step = decisionStep({
      decision: body.decision,
      required: requiredApprovals(row.amount, row.currency, thresholds),
      approvedBy: row.approvals.map((approval) => approval.accountId),
      me: account.id,
      role: account.role,
    });
    if (step.kind === 'already-approved')
      return { outcome: 'already_approved', agreement: current };
    if (step.kind === 'forbidden') return { outcome: 'forbidden', agreement: current };

    const approval: StoredApproval = {
      accountId: account.id,
      loginId: account.loginId,
      displayName: account.displayName,
      at: now.toISOString(),
    };
    // Every approval is kept beside the agreement (and logged); a rejection adds none.
    const approvals = body.decision === 'approve' ? [...row.approvals, approval] : row.approvals;
    const updated = await changeAgreement(
      tx,
      row,
      step.kind === 'first-approval'
        ? { approvals }
        : {
            status: step.status,
            approvals,
            decidedAt: now,
            decidedByAccountId: account.id,
            decidedBy: account.loginId,
            decidedByName: account.displayName,
            reason: body.reason,
          },
      { action: body.decision, reason: body.reason, account, at: now },
    );
    return { outcome: 'decided', agreement: toAgreement(updated, thresholds) };
  });
}
