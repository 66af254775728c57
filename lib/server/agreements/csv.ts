import 'server-only';
import { currencyFractionDigits } from '@/lib/sale-desk/money';
import { csvRecord } from '@/lib/server/http/csv-record';
import { exportColumns, flagCountsText, type ExportColumn, type ExportRow } from './export-row';

// The agreements export as CSV (contract §12 and §14): RFC 4180, one agreement a record. Pure
// functions: csv-stream.ts streams what they write.

/**
 * An amount in minor units as major units with the currency's own decimals and a dot (EUR 1234.50,
 * JPY 1234, BHD 1.234), written from the digits: no floating point on the way.
 */
export function majorUnits(minor: number, currency: string): string {
  const digits = currencyFractionDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return sign + whole;
  return `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

const text = (value: string | null): string => value ?? '';
/** An instant as ISO 8601 in UTC with milliseconds, as the API writes it. */
const instant = (value: Date | null): string => value?.toISOString() ?? '';

const csvCell: Record<ExportColumn, (row: ExportRow) => string> = {
  id: (row) => row.id,
  platformId: (row) => row.platformId,
  auctionId: (row) => row.auctionId,
  lotId: (row) => row.lotId,
  lotTitle: (row) => row.lotTitle,
  buyer: (row) => row.buyer,
  currency: (row) => row.currency,
  amount: (row) => majorUnits(row.amountMinor, row.currency),
  amountMinor: (row) => String(row.amountMinor),
  status: (row) => row.status,
  closedAt: (row) => instant(row.closedAt),
  decidedAt: (row) => instant(row.decidedAt),
  decidedBy: (row) => text(row.decidedBy),
  reason: (row) => text(row.reason),
  saleTitle: (row) => text(row.saleTitle),
  lotNumber: (row) => (row.lotNumber === null ? '' : String(row.lotNumber)),
  decidedByName: (row) => text(row.decidedByName),
  firstApprovedBy: (row) => text(row.firstApprovedBy),
  firstApprovedAt: (row) => instant(row.firstApprovedAt),
  flags: (row) => flagCountsText(row.flags),
};

/** The header record: the column names. */
export const exportCsvHeader = csvRecord(exportColumns);

/** The fields of one row, in the header's order, before quoting. */
export const exportCsvFields = (row: ExportRow): string[] =>
  exportColumns.map((column) => csvCell[column](row));
