import 'server-only';
import { sql } from 'drizzle-orm';
import { lotKeyOf } from '@/lib/sales/sale-lot-key';
import type { Database } from '@/lib/server/db/database';
import { lots } from '@/lib/server/db/schema';
import { lotFlagCounts, noFlags } from '@/lib/server/flags/lot-flag-counts';
import type { ListFilter } from './agreement-input';
import type { ListPosition } from './cursor';
import { toExportRow, type CatalogueEntry, type ExportRow } from './export-row';
import { selectAgreementRows } from './list';
import { orderFor } from './list-order';

export interface ExportPage {
  items: ExportRow[];
  /** Where the last row stands in the order: the next page starts after it. */
  last: ListPosition | null;
}

type LotKey = { auctionId: string; lotId: string };

/** The catalogue's title and number of these lots, by `saleLotKey`: one query, on the key. */
async function catalogueEntries(
  db: Database,
  keys: readonly LotKey[],
): Promise<Map<string, CatalogueEntry>> {
  if (keys.length === 0) return new Map();
  const pairs = sql.join(
    keys.map(({ auctionId, lotId }) => sql`(${auctionId}, ${lotId})`),
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
  return new Map(rows.map((lot) => [lotKeyOf(lot), lot]));
}

/**
 * Up to `limit` agreements of the filter in its order after `after` (the list's keyset query),
 * each with its lot's catalogue entry (one query a page) and flag counts (`lotFlagCounts`: one
 * query a sale of the page). A page ordered by close time holds a sale or two; one ordered by
 * amount across every sale may hold hundreds, and costs as many queries.
 */
export async function readExportPage(
  db: Database,
  filter: ListFilter,
  after: ListPosition | undefined,
  limit: number,
): Promise<ExportPage> {
  const rows = await selectAgreementRows(db, filter, after, limit);
  const lotKeys = [...new Map(rows.map((row) => [lotKeyOf(row), row])).values()];
  const [catalogue, flags] = await Promise.all([
    catalogueEntries(db, lotKeys),
    lotFlagCounts(db, lotKeys),
  ]);
  const lastRow = rows.at(-1);
  return {
    items: rows.map((row) =>
      toExportRow(row, catalogue.get(lotKeyOf(row)), flags.get(lotKeyOf(row)) ?? noFlags),
    ),
    last: lastRow ? orderFor(filter.sort).positionOf(lastRow) : null,
  };
}
