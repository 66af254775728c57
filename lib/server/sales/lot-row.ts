import 'server-only';
import type { CatalogueLot, Lot } from '@/lib/sales/lot';
import { lots } from '@/lib/server/db/schema';

export type LotRow = typeof lots.$inferSelect;

/** The row as the sale reads answer it (docs/product-contract.md §11): dates as ISO strings. */
export function toLot(row: LotRow): Lot {
  return {
    auctionId: row.auctionId,
    lotId: row.lotId,
    lotNumber: row.lotNumber,
    lotTitle: row.lotTitle,
    currency: row.currency,
    lowEstimate: row.lowEstimate,
    highEstimate: row.highEstimate,
    reserve: row.reserve,
    startingBid: row.startingBid,
    scheduledCloseAt: row.scheduledCloseAt?.toISOString() ?? null,
  };
}

/** The row as the catalogue ingest answers it: every field the platform sends, as stored. */
export function toCatalogueLot(row: LotRow): CatalogueLot {
  return { ...toLot(row), saleTitle: row.saleTitle };
}
