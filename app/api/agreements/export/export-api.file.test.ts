/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: the
// CSV bytes (RFC 4180, formula-safe, amounts in the currency's decimals), and the workbook read
// back equal to the CSV.
import '@/testing/server/memory-database-env';
import ExcelJS from 'exceljs';
import type { Agreement } from '@/lib/agreements/agreement';
import { exportFixture, header, item, noStory } from './export-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const {
  ingest,

  decide,

  exportCsv,
  exportOk,
  exportXlsxRows,
  expectXlsxEqualsCsv,
} = exportFixture();

describe('the file', () => {
  const sale = 'csv-bytes-2026';
  let plain: Agreement;
  let quoted: Agreement;
  let yen: Agreement;
  let dinar: Agreement;
  let rejected: Agreement;

  beforeAll(async () => {
    [plain, quoted, yen, dinar, rejected] = (await ingest([
      item({
        auctionId: sale,
        platformId: 'p-1',
        lotId: 'lot-1',
        lotTitle: 'Nu couché',
        buyer: 'Paddle 118',
        amount: 1_450_050,
        currency: 'EUR',
        closedAt: '2026-03-02T18:30:00Z',
      }),
      item({
        auctionId: sale,
        platformId: 'p-2',
        lotId: '-lot-2',
        lotTitle: 'Patek Philippe, ref. "2499"',
        buyer: '=HYPERLINK("http://evil.example")',
        amount: 5,
        currency: 'GBP',
        closedAt: '2026-03-02T18:31:00Z',
      }),
      item({
        auctionId: sale,
        platformId: 'p-3',
        lotId: 'lot-3',
        lotTitle: '+81 netsuke',
        buyer: '@phone',
        amount: 1_234_567,
        currency: 'JPY',
        closedAt: '2026-03-02T18:32:00.5Z',
      }),
      item({
        auctionId: sale,
        platformId: 'p-4',
        lotId: 'lot-4',
        lotTitle: 'Pearl necklace',
        buyer: 'Online 7',
        amount: 1_234,
        currency: 'BHD',
        closedAt: '2026-03-02T18:33:00Z',
      }),
      item({
        auctionId: sale,
        platformId: 'p-5',
        lotId: 'lot-5',
        lotTitle: 'Brass lamp',
        buyer: 'Phone 2',
        amount: 70_000,
        currency: 'USD',
        closedAt: '2026-03-02T18:29:00Z',
      }),
    ])) as [Agreement, Agreement, Agreement, Agreement, Agreement];
    const reason = 'Buyer withdrew,\r\nsee "notes"\n-twice';
    const decision = await decide(rejected.id, { decision: 'reject', version: 1, reason });
    expect(decision.status).toBe(200);
    rejected = (await decision.json()) as Agreement;
  });

  it('is the header and one CRLF record per agreement, quoted, formula-safe, in major units', async () => {
    const response = await exportCsv(`?sale=${sale}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="agreements-pending-${sale}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const expected =
      header +
      `${plain.id},p-1,${sale},lot-1,Nu couché,Paddle 118,EUR,14500.50,1450050,pending,2026-03-02T18:30:00.000Z,,,${noStory}\r\n` +
      `${quoted.id},p-2,${sale},'-lot-2,"Patek Philippe, ref. ""2499""","'=HYPERLINK(""http://evil.example"")",GBP,0.05,5,pending,2026-03-02T18:31:00.000Z,,,${noStory}\r\n` +
      `${yen.id},p-3,${sale},lot-3,'+81 netsuke,'@phone,JPY,1234567,1234567,pending,2026-03-02T18:32:00.500Z,,,${noStory}\r\n` +
      `${dinar.id},p-4,${sale},lot-4,Pearl necklace,Online 7,BHD,1.234,1234,pending,2026-03-02T18:33:00.000Z,,,${noStory}\r\n`;
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(expected, 'utf8'));
  });

  it('neutralises a title or buyer that starts with a tab or a carriage return, and quotes line breaks, all as ingested', async () => {
    const controls = 'csv-controls-2026';
    const [tab] = (await ingest([
      item({
        auctionId: controls,
        platformId: 'c-1',
        lotId: 'lot-1',
        lotTitle: '\t=1+1',
        buyer: '\r@Paddle\n7',
        amount: 100,
        currency: 'EUR',
        closedAt: '2026-03-02T18:30:00Z',
      }),
    ])) as [Agreement];
    const csv = await exportOk(`?sale=${controls}`);
    expect(csv).toBe(
      header +
        `${tab.id},c-1,${controls},lot-1,'\t=1+1,"'\r@Paddle\n7",EUR,1.00,100,pending,2026-03-02T18:30:00.000Z,,,${noStory}\r\n`,
    );
  });

  it('carries the decision, a reason over several lines quoted as it is', async () => {
    const csv = await exportOk(`?sale=${sale}&status=rejected`);
    expect(csv).toBe(
      header +
        `${rejected.id},p-5,${sale},lot-5,Brass lamp,Phone 2,USD,700.00,70000,rejected,2026-03-02T18:29:00.000Z,${rejected.decidedAt},erin,"Buyer withdrew,\r\nsee ""notes""\n-twice",,,Erin Walsh,,,open 0; escalated 0; cleared 0\r\n`,
    );
  });

  it('follows the sort and the search', async () => {
    const lines = (csv: string) => csv.split('\r\n').slice(1, -1);
    const byAmount = lines(await exportOk(`?sale=${sale}&sort=-amount`));
    // Minor units, whatever the currency: the list's `amount` order.
    expect(byAmount.map((line) => line.split(',')[0])).toEqual([
      plain.id,
      yen.id,
      dinar.id,
      quoted.id,
    ]);
    const found = lines(await exportOk(`?q=${encodeURIComponent('NU COUCHE')}`));
    expect(found.map((line) => line.split(',')[0])).toEqual([plain.id]);
  });

  it('is the header alone when nothing matches', async () => {
    expect(await exportOk('?q=no-such-lot')).toBe(header);
    expect(await exportXlsxRows('?q=no-such-lot')).toEqual([header.trimEnd().split(',')]);
  });

  it('as a workbook: the same rows, amounts as numbers in the currency format, dates as dates', async () => {
    const response = await exportCsv(`?sale=${sale}&format=xlsx`);
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="agreements-pending-${sale}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Agreements');
    const formats = [2, 3, 4, 5].map((row) => [
      sheet.getCell(row, 7).value,
      sheet.getCell(row, 8).value,
      sheet.getCell(row, 8).numFmt,
    ]);
    expect(formats).toEqual([
      ['EUR', 14500.5, '#,##0.00 "EUR"'],
      ['GBP', 0.05, '#,##0.00 "GBP"'],
      ['JPY', 1234567, '#,##0 "JPY"'],
      ['BHD', 1.234, '#,##0.000 "BHD"'],
    ]);
    expect(sheet.getCell(4, 11).value).toEqual(new Date('2026-03-02T18:32:00.500Z'));
    expect(sheet.getCell(4, 11).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // Text as it is: a text cell is never run as a formula.
    expect(sheet.getCell(3, 6).value).toBe('=HYPERLINK("http://evil.example")');
    expect(sheet.getCell(3, 6).type).toBe(ExcelJS.ValueType.String);
    await expectXlsxEqualsCsv(`?sale=${sale}`);
    await expectXlsxEqualsCsv(`?sale=${sale}&status=rejected`);
  });
});
