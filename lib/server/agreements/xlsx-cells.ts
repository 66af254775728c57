import 'server-only';
import { currencyFractionDigits, fromMinorUnits } from '@/lib/sale-desk/money';
import { exportColumns, flagCountsText, type ExportColumn, type ExportRow } from './export-row';

// The agreements export as an Excel workbook (contract §14): the CSV's rows and columns, each
// cell with its type. Pure functions: xlsx-stream.ts writes what they give.

/**
 * A cell's number format, if any. One object a format, shared by every cell that has it and
 * never changed: exceljs keeps a style's index by the object, and renders a style it has not seen
 * to XML to look it up, which for a new object each cell was most of the workbook's time.
 */
export interface CellStyle {
  readonly numFmt?: string;
}

export interface XlsxCell {
  /** Null: an empty cell. */
  value: string | number | Date | null;
  style: CellStyle;
}

/** The default style: text, and a number as it is (`General`). */
const plain: CellStyle = Object.freeze({});

/**
 * Instants as Excel dates in UTC (a workbook has no time zone; the CSV's ISO times end in `Z`).
 * The cell keeps the milliseconds; the format shows seconds.
 */
const dateTime: CellStyle = Object.freeze({ numFmt: 'yyyy-mm-dd hh:mm:ss' });
const wholeNumber: CellStyle = Object.freeze({ numFmt: '0' });

const amountStyles = new Map<string, CellStyle>();

/** `#,##0.00 "EUR"`: grouped, the currency's own decimals (JPY none, BHD three), its code after. */
export function amountStyle(currency: string): CellStyle {
  let style = amountStyles.get(currency);
  if (!style) {
    const digits = currencyFractionDigits(currency);
    const decimals = digits > 0 ? `.${'0'.repeat(digits)}` : '';
    // The code is three capital letters (the ingest refuses anything else): safe between quotes.
    style = Object.freeze({ numFmt: `#,##0${decimals} "${currency}"` });
    amountStyles.set(currency, style);
  }
  return style;
}

/**
 * Text as it is: a text cell is never evaluated, so it needs no formula guard (an `'` would show).
 * A line break is Excel's own, a line feed: XML reads a carriage return as one anyway.
 */
const text = (value: string | null): XlsxCell => ({
  value: value === null ? null : value.replace(/\r\n?/g, '\n'),
  style: plain,
});
const instant = (value: Date | null): XlsxCell =>
  value === null ? { value: null, style: plain } : { value, style: dateTime };

const xlsxCell: Record<ExportColumn, (row: ExportRow) => XlsxCell> = {
  id: (row) => text(row.id),
  platformId: (row) => text(row.platformId),
  auctionId: (row) => text(row.auctionId),
  lotId: (row) => text(row.lotId),
  lotTitle: (row) => text(row.lotTitle),
  buyer: (row) => text(row.buyer),
  currency: (row) => text(row.currency),
  amount: (row) => ({
    value: fromMinorUnits(row.amountMinor, row.currency),
    style: amountStyle(row.currency),
  }),
  amountMinor: (row) => ({ value: row.amountMinor, style: wholeNumber }),
  status: (row) => text(row.status),
  closedAt: (row) => instant(row.closedAt),
  decidedAt: (row) => instant(row.decidedAt),
  decidedBy: (row) => text(row.decidedBy),
  reason: (row) => text(row.reason),
  saleTitle: (row) => text(row.saleTitle),
  lotNumber: (row) => ({ value: row.lotNumber, style: plain }),
  decidedByName: (row) => text(row.decidedByName),
  firstApprovedBy: (row) => text(row.firstApprovedBy),
  firstApprovedAt: (row) => instant(row.firstApprovedAt),
  flags: (row) => text(flagCountsText(row.flags)),
};

/** One row's cells, in the columns' order. */
export const xlsxRowCells = (row: ExportRow): XlsxCell[] =>
  exportColumns.map((column) => xlsxCell[column](row));

/** Widths in characters, wide enough for the usual value without hiding a long one's start. */
const widths: Partial<Record<ExportColumn, number>> = {
  id: 38,
  platformId: 16,
  auctionId: 22,
  lotId: 12,
  lotTitle: 36,
  buyer: 18,
  currency: 9,
  amount: 18,
  amountMinor: 14,
  closedAt: 20,
  decidedAt: 20,
  reason: 36,
  saleTitle: 30,
  lotNumber: 10,
  decidedByName: 20,
  firstApprovedBy: 16,
  firstApprovedAt: 20,
  flags: 32,
};

/** The sheet's columns: each keyed by its header, with its width. */
export const xlsxColumns = exportColumns.map((column) => ({
  key: column,
  width: widths[column] ?? 12,
}));
