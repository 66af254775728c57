import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { RecordedSale } from '@/lib/sales/lot';
import { recordedLot } from '@/lib/sales/recorded-lot';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import type { Database } from '@/lib/server/db/database';
import { lotRecords, lots } from '@/lib/server/db/schema';
import { recordedThrough } from '@/lib/server/record/write-batch';
import { toLot } from './lot-row';

/**
 * One sale and its lots in running order (lot number), each with its state from the record, and
 * how far the record reaches; null when no lot of it is known. Read in one transaction, so the
 * states are those of `recordedThrough` exactly: the browser goes live from there.
 */
export async function findSale(db: Database, auctionId: string): Promise<RecordedSale | null> {
  return db.transaction(
    async (tx) => {
      const [rows, records, through] = [
        await tx
          .select()
          .from(lots)
          .where(eq(lots.auctionId, auctionId))
          .orderBy(asc(lots.lotNumber)),
        await tx
          .select({ lotId: lotRecords.lotId, record: lotRecords.record })
          .from(lotRecords)
          .where(eq(lotRecords.auctionId, auctionId)),
        await recordedThrough(tx),
      ];
      if (rows.length === 0) return null;
      const byLot = new Map(records.map((row) => [row.lotId, row.record as LotRecord]));
      return {
        auctionId,
        saleTitle: rows[0]!.saleTitle,
        recordedThrough: through,
        lots: rows.map((row) => recordedLot(toLot(row), byLot.get(row.lotId))),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
