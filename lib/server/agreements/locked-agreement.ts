import 'server-only';
import { eq } from 'drizzle-orm';
import type { LogAction } from '@/lib/agreements/agreement';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Transaction } from '@/lib/server/db/database';
import { agreementDecisions, agreements } from '@/lib/server/db/schema';
import { agreementColumns, type AgreementRow } from './agreement-row';

/** A transaction of `db.transaction`, in which every change of an agreement happens. */
/**
 * Reads an agreement and locks its row until the transaction ends (`FOR UPDATE`): a concurrent
 * change waits, then reads what this one wrote (ADR 0014).
 */
export async function lockAgreement(tx: Transaction, id: string) {
  const [row] = await tx
    .select(agreementColumns)
    .from(agreements)
    .where(eq(agreements.id, id))
    .for('update');
  return row;
}

/**
 * Writes the locked agreement's new state and its decision log entry: what was done, by whom,
 * from which status and version.
 */
export async function changeAgreement(
  tx: Transaction,
  row: AgreementRow,
  change: Partial<typeof agreements.$inferInsert>,
  entry: { action: LogAction; reason: string | null; account: Actor; at: Date },
): Promise<AgreementRow> {
  const [updated] = await tx
    .update(agreements)
    .set({ ...change, version: row.version + 1 })
    .where(eq(agreements.id, row.id))
    .returning(agreementColumns);
  if (!updated) throw new Error(`The locked agreement ${row.id} was not updated.`);
  await tx.insert(agreementDecisions).values({
    agreementId: row.id,
    accountId: entry.account.id,
    loginId: entry.account.loginId,
    displayName: entry.account.displayName,
    decision: entry.action,
    reason: entry.reason,
    statusBefore: row.status,
    statusAfter: updated.status,
    versionBefore: row.version,
    decidedAt: entry.at,
  });
  // The activity log too (§15), in the same transaction: a decision and its record go together.
  await recordActivity(tx, {
    kind: entry.action === 'reopen' ? 'agreement_reopened' : 'agreement_decided',
    actor: entry.account,
    subject: row.id,
    detail: {
      action: entry.action,
      lot: `${row.auctionId}/${row.lotId}`,
      amount: row.amount,
      currency: row.currency,
      status: updated.status,
      ...(entry.reason ? { reason: entry.reason } : {}),
    },
    at: entry.at,
  });
  return updated;
}
