import type { DecisionLogEntry } from './agreement';

/**
 * What a history entry says happened. An approval that left the agreement pending is the first
 * of two (contract §12): saying "Approved, Pending → Pending" reads as a fault.
 */
export type LogEntryKind = 'approve' | 'firstApproval' | 'reject' | 'reopen';

export function logEntryKind(
  entry: Pick<DecisionLogEntry, 'decision' | 'statusAfter'>,
): LogEntryKind {
  if (entry.decision === 'approve' && entry.statusAfter === 'pending') return 'firstApproval';
  return entry.decision;
}
