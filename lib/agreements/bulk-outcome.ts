import type { Agreement, BulkItemResult, Decision } from './agreement';

/** What became of one row of a bulk decision (each row shows it, the summary counts them). */
export type RowOutcome =
  | 'approved'
  | 'rejected'
  | 'waiting'
  | 'conflict'
  /** Held back by its lot's flags (FLAG_GATE): review them, then approve. */
  | 'held'
  | 'forbidden'
  | 'gone'
  /** The server could not save it (a 5xx, a 429): left pending, to be tried again. */
  | 'failed';

/**
 * The agreement already stands as this viewer decided: their rejection, or their approval (given
 * first, or final). A decision sent again after a failure whose outcome was unknown meets its own
 * earlier success as a 409: that is done, not "changed elsewhere".
 */
function alreadyDecidedBy(
  agreement: Agreement,
  decision: Decision,
  loginId: string,
): RowOutcome | null {
  if (decision === 'reject')
    return agreement.status === 'rejected' && agreement.decidedBy === loginId ? 'rejected' : null;
  const approvedByViewer =
    agreement.decidedBy === loginId || agreement.approvals.some((given) => given.by === loginId);
  if (!approvedByViewer) return null;
  if (agreement.status === 'approved') return 'approved';
  return agreement.status === 'pending' ? 'waiting' : null;
}

/** A bulk item's status code as what became of the row, for the viewer who sent `decision`. */
export function bulkRowOutcome(
  result: BulkItemResult,
  decision: Decision,
  loginId: string,
): RowOutcome {
  if (result.status === 200) {
    const status = result.agreement?.status;
    return status === 'approved' || status === 'rejected' ? status : 'waiting';
  }
  if (result.status === 409 && result.error?.code === 'flag_unresolved') return 'held';
  if (result.status === 409)
    return (
      (result.agreement && alreadyDecidedBy(result.agreement, decision, loginId)) ?? 'conflict'
    );
  if (result.status === 403) return 'forbidden';
  return result.status === 404 ? 'gone' : 'failed';
}
