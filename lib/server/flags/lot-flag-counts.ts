import 'server-only';
// How many flags each lot has in each review state (contract §14): the agreements' badge, the
// export's `flags` column and the sale report's lot table read them from here, one query each.
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/database';
import { saleFlags } from '@/lib/server/db/schema';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import { saleLotKey } from '@/lib/sales/sale-lot-key';

export type FlagCounts = Record<FlagState, number>;

export const noFlags: FlagCounts = Object.freeze({ open: 0, escalated: 0, cleared: 0 });

/**
 * The counts of these lots, by `saleLotKey`; a lot without flags is absent (read it as `noFlags`).
 * One query whatever the lots: their (sale, lot) pairs as a row-value list, which the flags' lot
 * index answers (a page of 500 agreements across 300 sales is one query, not 300).
 */
export async function lotFlagCounts(
  db: Database | Transaction,
  keys: readonly { auctionId: string; lotId: string }[],
): Promise<Map<string, FlagCounts>> {
  const counts = new Map<string, FlagCounts>();
  const unique = [...new Map(keys.map((key) => [saleLotKey(key.auctionId, key.lotId), key]))];
  if (unique.length === 0) return counts;
  const pairs = sql.join(
    unique.map(([, { auctionId, lotId }]) => sql`(${auctionId}, ${lotId})`),
    sql`, `,
  );
  const rows = await db
    .select({
      auctionId: saleFlags.auctionId,
      lotId: saleFlags.lotId,
      state: saleFlags.state,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(saleFlags)
    .where(sql`(${saleFlags.auctionId}, ${saleFlags.lotId}) in (${pairs})`)
    .groupBy(saleFlags.auctionId, saleFlags.lotId, saleFlags.state);
  for (const row of rows) {
    const key = saleLotKey(row.auctionId, row.lotId);
    const lot = counts.get(key) ?? { ...noFlags };
    lot[row.state] = row.count;
    counts.set(key, lot);
  }
  return counts;
}

/** The counts of every lot of one sale, by lot id (the sale report's table). */
export async function saleFlagCounts(
  db: Database | Transaction,
  auctionId: string,
): Promise<Map<string, FlagCounts>> {
  const rows = await db
    .select({
      lotId: saleFlags.lotId,
      state: saleFlags.state,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(saleFlags)
    .where(eq(saleFlags.auctionId, auctionId))
    .groupBy(saleFlags.lotId, saleFlags.state);
  const counts = new Map<string, FlagCounts>();
  for (const row of rows) {
    const lot = counts.get(row.lotId) ?? { ...noFlags };
    lot[row.state] = row.count;
    counts.set(row.lotId, lot);
  }
  return counts;
}
