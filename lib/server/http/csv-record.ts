import 'server-only';

// CSV as RFC 4180 writes it, guarded against spreadsheet formulas: the agreements' export and the
// activity log's write their records with it.

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
