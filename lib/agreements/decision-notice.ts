import { isApiError } from '@/lib/api/api-error';
import type { Agreement, Decision, GatingFlag } from './agreement';
import type { DecisionOutcome } from './agreements-api';

/** What the review screen says after one agreement was decided or reopened from its dialog. */
export type Notice =
  | { kind: 'saved'; agreement: Agreement }
  | { kind: 'reopened'; agreement: Agreement }
  | {
      kind: 'failed';
      agreement: Agreement;
      decision: Decision | 'reopen';
      reason: string | null;
      error: unknown;
    }
  | { kind: 'conflict'; agreement: Agreement }
  /** The approval was refused: the lot has flags to review first (contract §14). */
  | { kind: 'held'; agreement: Agreement; flags: GatingFlag[] };

/**
 * The notice for an outcome, or `session-ended` for a 401 (the screen then asks to sign in
 * again). A failure keeps what was sent, so Try again reopens the dialog with it.
 */
export function noticeAfter(
  agreement: Agreement,
  action: Decision | 'reopen',
  reason: string | null,
  outcome: DecisionOutcome,
): Notice | 'session-ended' {
  if (outcome.outcome === 'failed') {
    if (isApiError(outcome.error, 'unauthorized')) return 'session-ended';
    return { kind: 'failed', agreement, decision: action, reason, error: outcome.error };
  }
  if (outcome.outcome === 'conflict') return { kind: 'conflict', agreement: outcome.agreement };
  if (outcome.outcome === 'flag_unresolved')
    return { kind: 'held', agreement: outcome.agreement, flags: outcome.flags };
  return { kind: action === 'reopen' ? 'reopened' : 'saved', agreement: outcome.agreement };
}
