import 'server-only';
// The lot's context of each agreement in a list (contract §14): its sale's title and its number
// in the catalogue, and its flags by review state; two queries for the page, whatever its sales,
// so rows show "Lot 12 · Paris Modern Art" and a flags badge, not raw ids.
import { sql } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { lotFlagCounts, noFlags } from '@/lib/server/flags/lot-flag-counts';
import { saleLotKey } from '@/lib/sales/sale-lot-key';

export async function withLotContext(db: Database, items: Agreement[]): Promise<Agreement[]> {
  if (items.length === 0) return items;
  const pairs = sql.join(
    [...new Map(items.map((item) => [saleLotKey(item.auctionId, item.lotId), item])).values()].map(
      ({ auctionId, lotId }) => sql`(${auctionId}, ${lotId})`,
    ),
    sql`, `,
  );
  const rows = await db
    .select({
      auctionId: lots.auctionId,
      lotId: lots.lotId,
      saleTitle: lots.saleTitle,
      lotNumber: lots.lotNumber,
    })
    .from(lots)
    .where(sql`(${lots.auctionId}, ${lots.lotId}) in (${pairs})`);
  const catalogue = new Map(rows.map((row) => [saleLotKey(row.auctionId, row.lotId), row]));
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
