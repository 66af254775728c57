import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Agreement, AgreementStatus } from '@/lib/agreements/agreement';
import type { ActiveSession } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import { agreementDecisions, agreements } from '@/lib/server/db/schema';
import type { DecisionBody } from './agreement-input';
import { toAgreement } from './agreement-row';

export type DecisionResult =
  | { outcome: 'decided'; agreement: Agreement }
  | { outcome: 'conflict'; agreement: Agreement }
  | { outcome: 'not_found' };

const statusAfter = { approve: 'approved', reject: 'rejected' } as const satisfies Record<
  DecisionBody['decision'],
  AgreementStatus
>;

/**
 * Approves or rejects a pending agreement at the version the staff member saw. The update and its
 * log entry are one transaction; the update's own condition (still pending, same version) makes
 * exactly one of two simultaneous decisions win: the other finds no row and gets the current state.
 */
export async function decideAgreement(
  db: Database,
  id: string,
  body: DecisionBody,
  account: ActiveSession['account'],
  now = new Date(),
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const [decided] = await tx
      .update(agreements)
      .set({
        status: statusAfter[body.decision],
        version: body.version + 1,
        decidedAt: now,
        decidedByAccountId: account.id,
        decidedBy: account.loginId,
        decidedByName: account.displayName,
        reason: body.reason,
      })
      .where(
        and(
          eq(agreements.id, id),
          eq(agreements.version, body.version),
          eq(agreements.status, 'pending'),
        ),
      )
      .returning();
    if (decided) {
      await tx.insert(agreementDecisions).values({
        agreementId: id,
        accountId: account.id,
        loginId: account.loginId,
        displayName: account.displayName,
        decision: body.decision,
        reason: body.reason,
        statusBefore: 'pending',
        statusAfter: decided.status,
        versionBefore: body.version,
        decidedAt: now,
      });
      return { outcome: 'decided', agreement: toAgreement(decided) };
    }
    const [current] = await tx.select().from(agreements).where(eq(agreements.id, id));
    return current
      ? { outcome: 'conflict', agreement: toAgreement(current) }
      : { outcome: 'not_found' };
  });
}
