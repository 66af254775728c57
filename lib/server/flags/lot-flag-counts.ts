import 'server-only';
// How many flags each lot has in each review state (contract §14): the agreements' badge, the
// export's `flags` column and the sale report's lot table read them from here, one query each.
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/database';
import { saleFlags } from '@/lib/server/db/schema';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import { lotKeyOf } from '@/lib/sale-desk/sale-lot-key';

export type FlagCounts = Record<FlagState, number>;

export const noFlags: FlagCounts = Object.freeze({ open: 0, escalated: 0, cleared: 0 });

/**
 * `(auction_id, lot_id) in ((…), …)` for these lots, each once: one condition for any number of
 * lots of any number of sales, which the lots' key and the flags' lot index answer. Null for none.
 */
export function inLots(
  columns: { auctionId: AnyColumn; lotId: AnyColumn },
  keys: readonly { auctionId: string; lotId: string }[],
): SQL | null {
  const unique = [...new Map(keys.map((key) => [lotKeyOf(key), key])).values()];
  if (unique.length === 0) return null;
  const pairs = sql.join(
    unique.map(({ auctionId, lotId }) => sql`(${auctionId}, ${lotId})`),
    sql`, `,
  );
  return sql`(${columns.auctionId}, ${columns.lotId}) in (${pairs})`;
}

/** The flags of the lots `where` names, counted by lot and state. */
function countFlags(db: Database | Transaction, where: SQL) {
  return db
    .select({
      auctionId: saleFlags.auctionId,
      lotId: saleFlags.lotId,
      state: saleFlags.state,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(saleFlags)
    .where(where)
    .groupBy(saleFlags.auctionId, saleFlags.lotId, saleFlags.state);
}

/** Rows of `countFlags` as counts per lot, keyed by `keyOf`. */
function byLot(
  rows: Awaited<ReturnType<typeof countFlags>>,
  keyOf: (row: { auctionId: string; lotId: string }) => string,
): Map<string, FlagCounts> {
  const counts = new Map<string, FlagCounts>();
  for (const row of rows) {
    const key = keyOf(row);
    const lot = counts.get(key) ?? { ...noFlags };
    lot[row.state] = row.count;
    counts.set(key, lot);
  }
  return counts;
}

/**
 * The counts of these lots, by `saleLotKey`; a lot without flags is absent (read it as `noFlags`).
 * One query whatever the lots (a page of 500 agreements across 300 sales is one query, not 300).
 */
export async function lotFlagCounts(
  db: Database | Transaction,
  keys: readonly { auctionId: string; lotId: string }[],
): Promise<Map<string, FlagCounts>> {
  const where = inLots(saleFlags, keys);
  return where ? byLot(await countFlags(db, where), lotKeyOf) : new Map();
}

/** The counts of every lot of one sale, by lot id (the sale report's table). */
export async function saleFlagCounts(
  db: Database | Transaction,
  auctionId: string,
): Promise<Map<string, FlagCounts>> {
  return byLot(await countFlags(db, eq(saleFlags.auctionId, auctionId)), (row) => row.lotId);
}
