import 'server-only';
import { eq } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { ActiveSession } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import { agreementDecisions, agreements } from '@/lib/server/db/schema';
import type { ReopenBody } from './agreement-input';
import { agreementColumns, toAgreement } from './agreement-row';

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
  account: ActiveSession['account'],
  now = new Date(),
): Promise<ReopenResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select(agreementColumns)
      .from(agreements)
      .where(eq(agreements.id, id))
      .for('update');
    if (!row) return { outcome: 'not_found' };
    if (row.status === 'pending' || row.version !== body.version)
      return { outcome: 'conflict', agreement: toAgreement(row) };
    const [reopened] = await tx
      .update(agreements)
      .set({
        status: 'pending',
        version: row.version + 1,
        approvals: [],
        decidedAt: null,
        decidedByAccountId: null,
        decidedBy: null,
        decidedByName: null,
        reason: null,
      })
      .where(eq(agreements.id, id))
      .returning(agreementColumns);
    if (!reopened) throw new Error(`The locked agreement ${id} was not updated.`);
    await tx.insert(agreementDecisions).values({
      agreementId: id,
      accountId: account.id,
      loginId: account.loginId,
      displayName: account.displayName,
      decision: 'reopen',
      reason: body.reason,
      statusBefore: row.status,
      statusAfter: 'pending',
      versionBefore: row.version,
      decidedAt: now,
    });
    return { outcome: 'reopened', agreement: toAgreement(reopened) };
  });
}
