import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import type { ReopenBody } from './agreement-input';
import { toAgreement } from './agreement-row';
import { changeAgreement, lockAgreement } from './locked-agreement';

export type ReopenResult =
  | { outcome: 'reopened'; agreement: Agreement }
  /** Still pending, or changed since the version seen: the agreement as it now is. */
  | { outcome: 'conflict'; agreement: Agreement }
  | { outcome: 'not_found' };

/**
 * Sends a decided agreement back to pending (contract §12): the decision and every approval are
 * cleared from the agreement, and the log keeps them, with this reopening and its reason after.
 */
export async function reopenAgreement(
  db: Database,
  id: string,
  body: ReopenBody,
  account: Actor,
  now = new Date(),
): Promise<ReopenResult> {
  return db.transaction(async (tx) => {
    const row = await lockAgreement(tx, id);
    if (!row) return { outcome: 'not_found' };
    if (row.status === 'pending' || row.version !== body.version)
      return { outcome: 'conflict', agreement: toAgreement(row) };
    const reopened = await changeAgreement(
      tx,
      row,
      {
        status: 'pending',
        approvals: [],
        decidedAt: null,
        decidedByAccountId: null,
        decidedBy: null,
        decidedByName: null,
        reason: null,
      },
      { action: 'reopen', reason: body.reason, account, at: now },
    );
    return { outcome: 'reopened', agreement: toAgreement(reopened) };
  });
}
