import 'server-only';
// How many flags each lot has in each review state (contract §14): the agreements' badge, the
// export's `flags` column and the sale report's lot table read them from here, one query each.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/database';
import { saleFlags } from '@/lib/server/db/schema';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import { saleLotKey } from '@/lib/sales/sale-lot-key';

export type FlagCounts = Record<FlagState, number>;

export const noFlags: FlagCounts = Object.freeze({ open: 0, escalated: 0, cleared: 0 });

/**
 * The counts of these lots, by `saleLotKey`; a lot without flags is absent (read it as `noFlags`).
 * Grouped by sale, so one query reads any number of lots of a few sales.
 */
export async function lotFlagCounts(
  db: Database | Transaction,
  keys: readonly { auctionId: string; lotId: string }[],
): Promise<Map<string, FlagCounts>> {
  const counts = new Map<string, FlagCounts>();
  if (keys.length === 0) return counts;
  const lotIdsBySale = new Map<string, Set<string>>();
  for (const { auctionId, lotId } of keys)
    (lotIdsBySale.get(auctionId) ?? lotIdsBySale.set(auctionId, new Set()).get(auctionId)!).add(
      lotId,
    );
  for (const [auctionId, lotIds] of lotIdsBySale) {
    const rows = await db
      .select({
        lotId: saleFlags.lotId,
        state: saleFlags.state,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(saleFlags)
      .where(and(eq(saleFlags.auctionId, auctionId), inArray(saleFlags.lotId, [...lotIds])))
      .groupBy(saleFlags.lotId, saleFlags.state);
    for (const row of rows) {
      const key = saleLotKey(auctionId, row.lotId);
      const lot = counts.get(key) ?? { ...noFlags };
      lot[row.state] = row.count;
      counts.set(key, lot);
    }
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
