import 'server-only';
import type { Agreement } from '@/lib/agreements/agreement';
import { currencyFractionDigits } from '@/lib/sale-desk/money';

// The agreements export as CSV (contract §12): RFC 4180, one agreement a record. Pure functions:
// the route streams what they write.

export const agreementCsvHeader = [
  'id',
  'platformId',
  'auctionId',
  'lotId',
  'lotTitle',
  'buyer',
  'currency',
  'amount',
  'amountMinor',
  'status',
  'closedAt',
  'decidedAt',
  'decidedBy',
  'reason',
] as const;

/** What a spreadsheet would read as the start of a formula (OWASP's "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;
/** What RFC 4180 allows in a field only between double quotes. */
const needsQuotes = /[",\r\n]/;

/**
 * One field: a text a spreadsheet would run as a formula gets a leading `'`, then a field with a
 * comma, a double quote or a line break is quoted, its quotes doubled.
 */
export function csvField(value: string): string {
  const inert = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record, ended by CRLF as RFC 4180 says. */
export const csvRecord = (fields: readonly string[]): string =>
  `${fields.map(csvField).join(',')}\r\n`;

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

/** The fields of one agreement, in the header's order. */
export function agreementCsvFields(agreement: Agreement): string[] {
  return [
    agreement.id,
    agreement.platformId,
    agreement.auctionId,
    agreement.lotId,
    agreement.lotTitle,
    agreement.buyer,
    agreement.currency,
    majorUnits(agreement.amount, agreement.currency),
    String(agreement.amount),
    agreement.status,
    agreement.closedAt,
    agreement.decidedAt ?? '',
    agreement.decidedBy ?? '',
    agreement.reason ?? '',
  ];
}
