import 'server-only';
import { lotKeyOf } from '@/lib/sale-desk/sale-lot-key';
import type { Database } from '@/lib/server/db/database';
import { lotFlagCounts, noFlags } from '@/lib/server/flags/lot-flag-counts';
import type { ListFilter } from './agreement-input';
import type { ListPosition } from './cursor';
import { toExportRow, type ExportRow } from './export-row';
import { catalogueEntries } from './lot-context';
import { selectAgreementRows } from './list';
import { orderFor } from './list-order';

export interface ExportPage {
  items: ExportRow[];
  /** Where the last row stands in the order: the next page starts after it. */
  last: ListPosition | null;
}

/**
 * Up to `limit` agreements of the filter in its order after `after` (the list's keyset query),
 * each with its lot's catalogue entry and flag counts: one query each a page, whatever its sales.
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
