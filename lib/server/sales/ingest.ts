import 'server-only';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { CatalogueLot } from '@/lib/sales/lot';
import type { Database, Transaction } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { lotKey, lotNumberKey, type LotItem } from './lot-input';
import { toCatalogueLot, type LotRow } from './lot-row';

export type LotIngestResult =
  | { outcome: 'stored'; items: CatalogueLot[]; created: number; updated: number }
  /** `items[index]` claims a number another stored lot of its sale keeps: nothing was written. */
  | { outcome: 'lot_number_taken'; index: number; heldBy: string };

/** True when the stored lot differs from the item in any field the platform sends. */
function differs(row: LotRow, item: LotItem): boolean {
  return (
    row.saleTitle !== item.saleTitle ||
    row.lotNumber !== item.lotNumber ||
    row.lotTitle !== item.lotTitle ||
    row.currency !== item.currency ||
    row.lowEstimate !== item.lowEstimate ||
    row.highEstimate !== item.highEstimate ||
    row.reserve !== item.reserve ||
    row.startingBid !== item.startingBid ||
    (row.scheduledCloseAt?.toISOString() ?? null) !== item.scheduledCloseAt
  );
}

/** The stored lots of the batch's sales that share a lot id or a lot number with the batch. */
async function storedNeighbours(tx: Transaction, items: readonly LotItem[]) {
  return tx
    .select()
    .from(lots)
    .where(
      and(
        inArray(lots.auctionId, [...new Set(items.map((item) => item.auctionId))]),
        or(
          inArray(lots.lotId, [...new Set(items.map((item) => item.lotId))]),
          inArray(lots.lotNumber, [...new Set(items.map((item) => item.lotNumber))]),
        ),
      ),
    );
}

/**
 * Upserts the platform's catalogue on (auctionId, lotId); the batch has been checked against
 * itself (lot-input.ts). A lot counts as updated, and its `updated_at` moves, only when a field
 * really changed, so the same catalogue sent twice writes nothing. The batch is applied as a whole:
 * it may swap or shift lot numbers, and is refused when a lot would keep a number the batch gives
 * to another. A new sale title renames every lot of the sale. Ingests are serialised by a
 * transaction lock: each sees the one before it, and none can deadlock another.
 */
export async function ingestLots(
  db: Database,
  items: readonly LotItem[],
): Promise<LotIngestResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lots:ingest'))`);
    const batch = new Map(items.map((item) => [lotKey(item.auctionId, item.lotId), item]));
    const neighbours = await storedNeighbours(tx, items);
    const stored = new Map<string, LotRow>();
    // The numbers that lots outside the batch keep.
    const keptNumbers = new Map<string, string>();
    for (const row of neighbours) {
      const key = lotKey(row.auctionId, row.lotId);
      if (batch.has(key)) stored.set(key, row);
      else keptNumbers.set(lotNumberKey(row.auctionId, row.lotNumber), row.lotId);
    }
    const clash = items.findIndex((item) =>
      keptNumbers.has(lotNumberKey(item.auctionId, item.lotNumber)),
    );
    if (clash !== -1) {
      const item = items[clash]!;
      const heldBy = keptNumbers.get(lotNumberKey(item.auctionId, item.lotNumber))!;
      return { outcome: 'lot_number_taken', index: clash, heldBy };
    }

    const fresh = [...batch].filter(([key]) => !stored.has(key));
    const changed = [...batch].filter(([key, item]) => {
      const row = stored.get(key);
      return row !== undefined && differs(row, item);
    });
    const writes = [...fresh, ...changed].map(([, item]) => item);
    if (writes.length > 0) {
      // One statement: lot numbers are checked at its end (the migration), so lots may trade them.
      await tx
        .insert(lots)
        .values(writes.map((item) => ({ ...item, scheduledCloseAt: toDate(item) })))
        .onConflictDoUpdate({
          target: [lots.auctionId, lots.lotId],
          set: {
            saleTitle: sql`excluded.sale_title`,
            lotNumber: sql`excluded.lot_number`,
            lotTitle: sql`excluded.lot_title`,
            currency: sql`excluded.currency`,
            lowEstimate: sql`excluded.low_estimate`,
            highEstimate: sql`excluded.high_estimate`,
            reserve: sql`excluded.reserve`,
            startingBid: sql`excluded.starting_bid`,
            scheduledCloseAt: sql`excluded.scheduled_close_at`,
            updatedAt: sql`now()`,
          },
        });
      await renameSales(tx, writes);
    }

    const rows = await storedLots(tx, items);
    // One answer per item sent, in order: the platform reads `items[i]` as the answer to its own.
    return {
      outcome: 'stored',
      items: items.map((item) => toCatalogueLot(rows.get(lotKey(item.auctionId, item.lotId))!)),
      created: fresh.length,
      updated: changed.length,
    };
  });
}

const toDate = (item: LotItem) =>
  item.scheduledCloseAt === null ? null : new Date(item.scheduledCloseAt);

/** A sale has one title: the other lots of a sale the batch renamed follow it. */
async function renameSales(tx: Transaction, writes: readonly LotItem[]) {
  const titles = new Map(writes.map((item) => [item.auctionId, item.saleTitle]));
  for (const [auctionId, saleTitle] of titles) {
    await tx
      .update(lots)
      .set({ saleTitle, updatedAt: sql`now()` })
      .where(and(eq(lots.auctionId, auctionId), ne(lots.saleTitle, saleTitle)));
  }
}

async function storedLots(tx: Transaction, items: readonly LotItem[]) {
  const rows = await tx
    .select()
    .from(lots)
    .where(
      and(
        inArray(lots.auctionId, [...new Set(items.map((item) => item.auctionId))]),
        inArray(lots.lotId, [...new Set(items.map((item) => item.lotId))]),
      ),
    );
  return new Map(rows.map((row) => [lotKey(row.auctionId, row.lotId), row]));
}
