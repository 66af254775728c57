import 'server-only';
// The lot's context of each agreement in a list (contract §14): its sale's title and its number
// in the catalogue, and its flags by review state; two queries for the page, whatever its sales,
// so rows show "Lot 12 · Paris Modern Art" and a flags badge, not raw ids.
import type { Agreement } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { inLots, lotFlagCounts, noFlags } from '@/lib/server/flags/lot-flag-counts';
import { lotKeyOf, saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import type { CatalogueEntry } from './export-row';

type LotKey = { auctionId: string; lotId: string };

/**
 * The catalogue's entry of these lots, by `saleLotKey` (absent: the catalogue lacks the lot); one
 * query whatever their sales, on the lots' key. The list and the export read it.
 */
export async function catalogueEntries(
  db: Database,
  keys: readonly LotKey[],
): Promise<Map<string, CatalogueEntry>> {
  const where = inLots(lots, keys);
  if (!where) return new Map();
  const rows = await db
    .select({
      auctionId: lots.auctionId,
      lotId: lots.lotId,
      saleTitle: lots.saleTitle,
      lotNumber: lots.lotNumber,
    })
    .from(lots)
    .where(where);
  return new Map(rows.map((lot) => [lotKeyOf(lot), lot]));
}

export async function withLotContext(db: Database, items: Agreement[]): Promise<Agreement[]> {
  if (items.length === 0) return items;
  const [catalogue, flags] = await Promise.all([
    catalogueEntries(db, items),
    lotFlagCounts(db, items),
  ]);
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
