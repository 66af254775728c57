import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { AgreementHistory } from '@/lib/agreements/agreement';
import type { Database, Transaction } from '@/lib/server/db/database';
import {
  agreementDecisions,
  agreements,
  lotRecords,
  lots,
  saleFlags,
} from '@/lib/server/db/schema';
import { withBids } from '@/lib/server/record/sale-flags';
import { toLot } from '@/lib/server/sales/lot-row';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import type { LotStory } from '@/lib/sales/lot-story';
import { recordedLot } from '@/lib/sales/recorded-lot';
import { toAgreement } from './agreement-row';

/** The lot's story from the catalogue and the record; null when the catalogue lacks the lot. */
async function lotStory(
  tx: Transaction,
  { auctionId, lotId }: { auctionId: string; lotId: string },
): Promise<LotStory | null> {
  const [lot] = await tx
    .select()
    .from(lots)
    .where(and(eq(lots.auctionId, auctionId), eq(lots.lotId, lotId)));
  if (!lot) return null;
  const [record] = await tx
    .select({ record: lotRecords.record })
    .from(lotRecords)
    .where(and(eq(lotRecords.auctionId, auctionId), eq(lotRecords.lotId, lotId)));
  const flagRows = await tx
    .select()
    .from(saleFlags)
    .where(and(eq(saleFlags.auctionId, auctionId), eq(saleFlags.lotId, lotId)))
    .orderBy(asc(saleFlags.timetoken), asc(saleFlags.id));
  return {
    ...recordedLot(toLot(lot), record?.record as LotRecord | undefined),
    saleTitle: lot.saleTitle,
    flags: await withBids(tx, flagRows),
  };
}

/**
 * An agreement with its decision log, oldest entry first, and its lot's story (contract §14);
 * null when there is no such agreement.
 */
export async function agreementHistory(db: Database, id: string): Promise<AgreementHistory | null> {
  // One snapshot: on PostgreSQL a decision committed between the two reads would otherwise show
  // a decided agreement without its entry, or the reverse.
  return db.transaction(
    async (tx) => {
      const [row] = await tx.select().from(agreements).where(eq(agreements.id, id));
      if (!row) return null;
      const entries = await tx
        .select()
        .from(agreementDecisions)
        .where(eq(agreementDecisions.agreementId, id))
        .orderBy(asc(agreementDecisions.id));
      return {
        agreement: toAgreement(row),
        lot: await lotStory(tx, row),
        decisions: entries.map((entry) => ({
          id: entry.id,
          decision: entry.decision,
          reason: entry.reason,
          statusBefore: entry.statusBefore,
          statusAfter: entry.statusAfter,
          decidedBy: entry.loginId,
          decidedByName: entry.displayName,
          decidedAt: entry.decidedAt.toISOString(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
