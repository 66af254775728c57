// Four-eyes approval (contract §12) as pure functions: the API decides with them and the screen
// shows with them what the signed-in role may do next. No I/O: the browser loads this module too.
import { can, type Role } from '@/lib/auth/roles';
import { currencyFractionDigits } from '@/lib/sale-desk/money';
import type { Agreement, Decision } from './agreement';
import type { ApprovalThresholds } from './approval-thresholds';

/** How many approvals an agreement of this amount (minor units) needs: 2 at or above the threshold. */
export function requiredApprovals(
  amountMinor: number,
  currency: string,
  thresholds: ApprovalThresholds,
): 1 | 2 {
  const major = Object.hasOwn(thresholds.byCurrency, currency)
    ? (thresholds.byCurrency[currency] ?? null)
    : thresholds.fallback;
  if (major === null) return 1;
  // In minor units, compared as integers: no rounding on the way (JPY 0 decimals, BHD 3).
  const thresholdMinor = BigInt(major) * 10n ** BigInt(currencyFractionDigits(currency));
  return BigInt(amountMinor) >= thresholdMinor ? 2 : 1;
}

/** What a decision by one account on a pending agreement comes to. */
export type DecisionStep =
  /** Decided: approved or rejected. */
  | { kind: 'decide'; status: 'approved' | 'rejected' }
  /** The first of two approvals: the agreement stays pending. */
  | { kind: 'first-approval' }
  /** This account gave the first approval: another account must give the second (409). */
  | { kind: 'already-approved' }
  /** The role may not (403): a clerk giving the second approval. */
  | { kind: 'forbidden'; action: 'second-approval' };

/**
 * The four-eyes rule. `approvedBy` names who approved so far (account ids on the server, login ids
 * in the browser), `me` the one deciding now. A rejection by anyone decides.
 */
export function decisionStep(input: {
  decision: Decision;
  required: 1 | 2;
  approvedBy: readonly string[];
  me: string;
  role: Role;
}): DecisionStep {
  if (input.decision === 'reject') return { kind: 'decide', status: 'rejected' };
  if (input.required === 1) return { kind: 'decide', status: 'approved' };
  if (input.approvedBy.length === 0) return { kind: 'first-approval' };
  if (input.approvedBy.includes(input.me)) return { kind: 'already-approved' };
  if (!can(input.role, 'second-approval')) return { kind: 'forbidden', action: 'second-approval' };
  return { kind: 'decide', status: 'approved' };
}

/**
 * Whether this viewer may approve this pending agreement now, as the screen offers it: not when
 * they gave its first approval, nor when a clerk would give the second (contract §12).
 */
export function mayApprove(
  agreement: Pick<Agreement, 'requiredApprovals' | 'approvals'>,
  viewer: { loginId: string; role: Role },
): boolean {
  const step = decisionStep({
    decision: 'approve',
    required: agreement.requiredApprovals,
    approvedBy: agreement.approvals.map((approval) => approval.by),
    me: viewer.loginId,
    role: viewer.role,
  });
  return step.kind === 'decide' || step.kind === 'first-approval';
}
