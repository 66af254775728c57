import 'server-only';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreements } from '@/lib/server/db/schema';
import type { IngestItem } from './agreement-input';
import { toAgreement } from './agreement-row';

/**
 * Stores the platform's agreements, idempotent on `platformId`: a repeat (in this batch or an
 * earlier one) answers with the record already there and never writes twice. Ingests are serialised
 * by a transaction lock so that `seq` grows in commit order, which keeps cursor pages stable.
 */
export async function ingestAgreements(
  db: Database,
  items: readonly IngestItem[],
): Promise<{ items: Agreement[]; created: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agreements:ingest'))`);
    const inserted = await tx
      .insert(agreements)
      .values(
        items.map((item) => ({
          id: randomUUID(),
          platformId: item.platformId,
          auctionId: item.auctionId,
          lotId: item.lotId,
          lotTitle: item.lotTitle,
          buyer: item.buyer,
          amount: item.amount,
          currency: item.currency,
          closedAt: new Date(item.closedAt),
        })),
      )
      .onConflictDoNothing({ target: agreements.platformId })
      .returning();
    const platformIds = [...new Set(items.map((item) => item.platformId))];
    const rows =
      inserted.length === platformIds.length
        ? inserted
        : await tx.select().from(agreements).where(inArray(agreements.platformId, platformIds));
    const byPlatformId = new Map(rows.map((row) => [row.platformId, row]));
    // One answer per item sent, in order: the platform reads `items[i]` as the answer to its own.
    return {
      items: items.map((item) => toAgreement(byPlatformId.get(item.platformId)!)),
      created: inserted.length,
    };
  });
}
