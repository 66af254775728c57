import 'server-only';
import type { ListPosition } from './cursor';
import type { ReadPage } from './export';
import type { ExportRow } from './export-row';

// Test harness of the export's writers: a table of rows read a page at a time after a position,
// as the database answers `readExportPage`, without one. Only tests import it.

/** Row `serial` (from 1): EUR, pending, a lot in the catalogue, one open flag every third row. */
export function exportRow(serial: number): ExportRow {
  return {
    id: `id-${serial}`,
    platformId: `p-${serial}`,
    auctionId: 'sale',
    lotId: `lot-${serial}`,
    lotTitle: `Lot ${serial}`,
    buyer: `Paddle ${serial}`,
    currency: 'EUR',
    amountMinor: serial * 100,
    status: 'pending',
    closedAt: new Date('2026-03-02T18:30:00.000Z'),
    decidedAt: null,
    decidedBy: null,
    reason: null,
    saleTitle: 'Sale',
    lotNumber: serial,
    decidedByName: null,
    firstApprovedBy: null,
    firstApprovedAt: null,
    flags: { open: serial % 3 === 0 ? 1 : 0, escalated: 0, cleared: 0 },
  };
}

/** The CSV record `exportRow(serial)` makes. */
export const exportRowCsv = (serial: number): string =>
  `id-${serial},p-${serial},sale,lot-${serial},Lot ${serial},Paddle ${serial},EUR,${serial}.00,${serial * 100},pending,` +
  `2026-03-02T18:30:00.000Z,,,,Sale,${serial},,,,open ${serial % 3 === 0 ? 1 : 0}; escalated 0; cleared 0\r\n`;

/** `rows` rows read `pageSize` at a time; `reads` records where each read started. */
export function fakeExportTable(rows: number, row: (serial: number) => ExportRow = exportRow) {
  const reads: (ListPosition | undefined)[] = [];
  const read =
    (pageSize: number): ReadPage =>
    async (after) => {
      reads.push(after);
      const start = after ? Number(after.key) : 0;
      const count = Math.max(0, Math.min(pageSize, rows - start));
      const items = Array.from({ length: count }, (_, i) => row(start + i + 1));
      const end = start + items.length;
      return { items, last: items.length ? { key: String(end), seq: end } : null };
    };
  return { reads, read };
}
