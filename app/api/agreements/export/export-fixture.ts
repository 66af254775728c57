import 'server-only';
import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import {
  agreementsApi,
  ingestItemFactory,
  type Cookie,
} from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the export's tests (export-api.*.test.ts) share: the route on the file's own in-memory
// PGlite, a clerk and a supervisor signed in, the agreements API as the clerk calls it, and the
// readers of the CSV and the workbook that compare them.

type Connection = typeof import('@/lib/server/db/connection');
type ExportRoute = typeof import('./route');

const origin = 'http://localhost:3000';
export const header =
  'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason,' +
  'saleTitle,lotNumber,decidedByName,firstApprovedBy,firstApprovedAt,flags\r\n';
export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The new columns of a pending agreement whose lot the catalogue lacks and that has no flag. */
export const noStory = ',,,,,,open 0; escalated 0; cleared 0';

/** The records of a CSV (RFC 4180: quoted fields, doubled quotes, CRLF), each a list of fields. */
export function parseCsv(csv: string): string[][] {
  const records: string[][] = [];
  const field = /"((?:[^"]|"")*)"|([^,"\r\n]*)/y;
  let at = 0;
  while (at < csv.length) {
    const record: string[] = [];
    for (;;) {
      field.lastIndex = at;
      const match = field.exec(csv)!;
      record.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!);
      at = field.lastIndex;
      if (csv[at] !== ',') break;
      at += 1;
    }
    expect(csv.slice(at, at + 2)).toBe('\r\n');
    at += 2;
    records.push(record);
  }
  return records;
}

/** The CSV's formula guard (contract §12), which a workbook's text cells do not need. */
const formulaGuarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Items of the bulk sale; each test overrides what it needs. */
export const item = ingestItemFactory('export-', {
  auctionId: 'bulk-sale',
  lotTitle: 'Lot',
  amount: 1_000,
  currency: 'EUR',
  closedAt: '2026-01-01T00:00:00Z',
});

/** Registers the file's hooks: the database opened, Erin (clerk) and Sam (supervisor) signed in. */
export function exportFixture() {
  let connection: Connection;
  let route: ExportRoute;
  let staff: string;
  const cookies = { supervisor: '' };

  const { ingest, listOk, decide } = agreementsApi(() => staff);

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    route = await import('./route');
    const db = await connection.database();
    staff = await staffSignedIn(db, { loginId: 'erin', displayName: 'Erin Walsh' });
    cookies.supervisor = await staffSignedIn(db, {
      loginId: 'sam',
      displayName: 'Sam Okafor',
      role: 'supervisor',
    });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  function exportRequest(query: string, cookie: Cookie = staff, method = 'GET'): NextRequest {
    return new NextRequest(`${origin}/api/agreements/export${query}`, {
      method,
      headers: cookie === null ? {} : { cookie: `__Host-gavel_session=${cookie}` },
    });
  }

  const exportCsv = (query: string, cookie: Cookie = staff) =>
    route.GET(exportRequest(query, cookie));

  async function exportOk(query: string): Promise<string> {
    const response = await exportCsv(query);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return response.text();
  }

  /** `?format=xlsx`: the workbook's one sheet, every row as values (an empty cell as null). */
  async function exportXlsxRows(query: string): Promise<ExcelJS.CellValue[][]> {
    const response = await exportCsv(`${query}&format=xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(xlsxType);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets).toHaveLength(1);
    const columns = header.split(',').length;
    return workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((values) =>
        Array.from(
          { length: columns },
          (_, index) => (values as ExcelJS.CellValue[])[index + 1] ?? null,
        ),
      );
  }

  /**
   * Asserts that the workbook holds the CSV's rows, field for field: the same text (the CSV's guard
   * aside, and line breaks as line feeds), numbers for the amounts, dates for the instants.
   */
  async function expectXlsxEqualsCsv(query: string) {
    const csv = parseCsv(await exportOk(query));
    const sheet = await exportXlsxRows(query);
    expect(sheet).toHaveLength(csv.length);
    expect(sheet[0]).toEqual(csv[0]);
    const columns = csv[0]!;
    const numbers = new Set(['amount', 'amountMinor', 'lotNumber']);
    const instants = new Set(['closedAt', 'decidedAt', 'firstApprovedAt']);
    sheet.slice(1).forEach((row, index) => {
      const expected = csv[index + 1]!;
      row.forEach((cell, column) => {
        const name = columns[column]!;
        const text = expected[column]!;
        if (text === '') expect([name, cell]).toEqual([name, null]);
        else if (numbers.has(name)) expect([name, cell]).toEqual([name, Number(text)]);
        else if (instants.has(name))
          expect([name, (cell as Date).toISOString()]).toEqual([name, text]);
        else
          expect([name, formulaGuarded(String(cell))]).toEqual([
            name,
            text.replace(/\r\n?/g, '\n'),
          ]);
      });
    });
    return { csv, sheet };
  }

  return {
    route: () => route,
    database: () => connection.database(),
    staff: () => staff,
    cookies,
    ingest,
    listOk,
    decide,
    exportRequest,
    exportCsv,
    exportOk,
    exportXlsxRows,
    expectXlsxEqualsCsv,
  };
}
