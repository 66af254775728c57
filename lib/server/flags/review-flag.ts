import 'server-only';
// A flag's review (contract §14): the flag's row locked, the move checked by the pure rule, the
// new state and the review written in one transaction, so of two reviews at once one wins and
// the other meets the state the first left (409).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Actor } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import { flagReviews, saleFlags } from '@/lib/server/db/schema';
import { withBids } from '@/lib/server/record/sale-flags';
import { reviewStep } from '@/lib/sale-desk/flags/flag-review';
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import type { ReviewBody } from './review-input';

export type ReviewResult =
  | { outcome: 'reviewed'; flag: RecordedFlag }
  /** An escalated flag, cleared by a clerk. */
  | { outcome: 'forbidden'; flag: RecordedFlag }
  /** Reviewed by someone else first: the flag as it now is. */
  | { outcome: 'conflict'; flag: RecordedFlag }
  | { outcome: 'not_found' };

export async function reviewFlag(
  db: Database,
  id: string,
  body: ReviewBody,
  account: Actor,
  { now }: { now?: Date } = {},
): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(saleFlags).where(eq(saleFlags.id, id)).for('update');
    if (!row) return { outcome: 'not_found' };
    // Once the row is this review's: a review that waited for another's lock is later than it.
    const reviewedAt = now ?? new Date();
    const step = reviewStep(row.state, body.outcome, account.role);
    if (step.kind !== 'reviewed') {
      const [flag] = await withBids(tx, [row]);
      return { outcome: step.kind, flag: flag! };
    }
    await tx.insert(flagReviews).values({
      id: randomUUID(),
      flagId: row.id,
      outcome: body.outcome,
      note: body.note,
      accountId: account.id,
      loginId: account.loginId,
      displayName: account.displayName,
      reviewedAt,
    });
    const [updated] = await tx
      .update(saleFlags)
      .set({ state: step.state })
      .where(eq(saleFlags.id, id))
      .returning();
    await recordActivity(tx, {
      kind: 'flag_reviewed',
      actor: account,
      subject: row.id,
      detail: {
        outcome: body.outcome,
        rule: row.rule,
        lot: `${row.auctionId}/${row.lotId}`,
        note: body.note,
      },
      at: reviewedAt,
    });
    const [flag] = await withBids(tx, [updated!]);
    return { outcome: 'reviewed', flag: flag! };
  });
}
