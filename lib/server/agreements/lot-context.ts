import 'server-only';
// The lot's context of each agreement in a list (contract §14): its sale's title and its number
// in the catalogue, and its flags by review state; two queries per sale on the page, whatever its
// size, so rows show "Lot 12 · Paris Modern Art" and a flags badge, not raw ids.
import { and, eq, inArray } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { lotFlagCounts, noFlags } from '@/lib/server/flags/lot-flag-counts';
import { saleLotKey } from '@/lib/sales/sale-lot-key';

export async function withLotContext(db: Database, items: Agreement[]): Promise<Agreement[]> {
  if (items.length === 0) return items;
  const lotIdsBySale = new Map<string, Set<string>>();
  for (const { auctionId, lotId } of items)
    (lotIdsBySale.get(auctionId) ?? lotIdsBySale.set(auctionId, new Set()).get(auctionId)!).add(
      lotId,
    );
  const catalogue = new Map<string, { saleTitle: string; lotNumber: number }>();
  for (const [auctionId, lotIds] of lotIdsBySale) {
    const rows = await db
      .select({ lotId: lots.lotId, saleTitle: lots.saleTitle, lotNumber: lots.lotNumber })
      .from(lots)
      .where(and(eq(lots.auctionId, auctionId), inArray(lots.lotId, [...lotIds])));
    for (const row of rows) catalogue.set(saleLotKey(auctionId, row.lotId), row);
  }
  const flags = await lotFlagCounts(db, items);
  return items.map((item) => {
    const key = saleLotKey(item.auctionId, item.lotId);
    const lot = catalogue.get(key);
    return {
      ...item,
      saleTitle: lot?.saleTitle ?? null,
      lotNumber: lot?.lotNumber ?? null,
      flags: flags.get(key) ?? { ...noFlags },
    };
  });
}
