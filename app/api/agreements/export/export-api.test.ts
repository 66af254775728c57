/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: the
// session, the CSV bytes (RFC 4180, formula-safe, amounts in the currency's decimals), the lot's
// story (catalogue, approvals, flags), the workbook read back equal to the CSV, every row past one
// batch, and the same rows in the same order as the list.
import '@/testing/server/memory-database-env';
import ExcelJS from 'exceljs';
import { NextRequest } from 'next/server';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import type { FlagState } from '@/lib/sale-desk/flags/flag-review';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
  type Cookie,
} from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory } from '@/testing/server/sales-requests';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');
type ExportRoute = typeof import('./route');

const origin = 'http://localhost:3000';
const header =
  'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason,' +
  'saleTitle,lotNumber,decidedByName,firstApprovedBy,firstApprovedAt,flags\r\n';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The new columns of a pending agreement whose lot the catalogue lacks and that has no flag. */
const noStory = ',,,,,,open 0; escalated 0; cleared 0';

let connection: Connection;
let route: ExportRoute;
let staff: string;
let supervisor: string;

const { signIn, ingest, listOk, decide } = agreementsApi(() => staff);

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

/** The records of a CSV (RFC 4180: quoted fields, doubled quotes, CRLF), each a list of fields. */
function parseCsv(csv: string): string[][] {
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

/** The CSV's formula guard (contract §12), which a workbook's text cells do not need. */
const formulaGuarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

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
        expect([name, formulaGuarded(String(cell))]).toEqual([name, text.replace(/\r\n?/g, '\n')]);
    });
  });
  return { csv, sheet };
}

const item = ingestItemFactory('export-', {
  auctionId: 'bulk-sale',
  lotTitle: 'Lot',
  amount: 1_000,
  currency: 'EUR',
  closedAt: '2026-01-01T00:00:00Z',
});

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  route = await import('./route');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const db = await connection.database();
  await createAccount(db, {
    loginId: 'erin',
    displayName: 'Erin Walsh',
    password: staffPassword,
    role: 'clerk',
  });
  await createAccount(db, {
    loginId: 'sam',
    displayName: 'Sam Okafor',
    password: staffPassword,
    role: 'supervisor',
  });
  staff = await signIn('erin');
  supervisor = await signIn('sam');
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

describe('signed out', () => {
  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: 401 in the error envelope, no CSV', async (_name, cookie) => {
    const response = await exportCsv('?status=approved&sort=nonsense', cookie);
    expect(response.headers.get('content-disposition')).toBeNull();
    await expectProblem(response, 401, 'unauthorized');
  });
});

describe('the request', () => {
  it.each<[string, string]>([
    ['an unknown sort', '?sort=price'],
    ['an unknown status', '?status=all'],
    ['a 201-character q', `?q=${'q'.repeat(201)}`],
    ['a q with a control character', '?q=%00'],
    ['a sale with a control character', '?sale=%07'],
    ['an unknown format', '?format=pdf'],
    ['a format in capitals', '?format=XLSX'],
  ])('%s -> 400 bad_request', async (_name, query) => {
    await expectProblem(await exportCsv(query), 400, 'bad_request');
  });

  it('names the formats it writes when it refuses one', async () => {
    const body = await expectProblem(await exportCsv('?format=pdf'), 400, 'bad_request');
    expect(body.error.message).toBe('format: format must be one of csv, xlsx');
  });

  it('takes format=csv as the default it is', async () => {
    expect(await exportOk('?q=no-such-lot&format=csv')).toBe(header);
  });

  it('answers HEAD with the headers and no body, and 405 with Allow to other methods', async () => {
    const head = await route.HEAD(exportRequest('', staff, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route[method](exportRequest('', staff, method));
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const workbook = await route.HEAD(exportRequest('?format=xlsx', staff, 'HEAD'));
    expect(workbook.status).toBe(200);
    expect(workbook.headers.get('content-type')).toBe(xlsxType);
    expect(await workbook.text()).toBe('');
    const options = await route.OPTIONS(exportRequest('', staff, 'OPTIONS'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

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

describe("the lot's story", () => {
  const sale = 'story-2026';
  const storyItem = ingestItemFactory('story-', {
    auctionId: sale,
    lotTitle: 'Story lot',
    amount: 10_000,
    currency: 'EUR',
    closedAt: '2026-04-01T10:00:00Z',
  });
  let below: Agreement;
  let above: Agreement;
  let uncatalogued: Agreement;
  let firstApproval: string;

  async function insertFlags(lotId: string, states: FlagState[]) {
    const { saleFlags } = await import('@/lib/server/db/schema');
    const db = await connection.database();
    await db.insert(saleFlags).values(
      states.map((state, index) => ({
        id: `story-flag:${lotId}:${index}`,
        rule: 'self-raise',
        auctionId: sale,
        lotId,
        paddles: ['P-7'],
        bidIds: [],
        raisedAt: new Date('2026-04-01T09:00:00Z'),
        timetoken: `1775000000000000${index}`,
        state,
      })),
    );
  }

  beforeAll(async () => {
    const lot = lotItemFactory(sale, '=Important Watches, Geneva');
    await ingestLotsOk([lot({ lotNumber: 7 }), lot({ lotNumber: 12 })]);
    [below, above, uncatalogued] = (await ingest([
      storyItem({ lotId: 'lot-1', amount: 500_000, closedAt: '2026-04-01T10:00:00Z' }),
      // At the four-eyes threshold (EUR 100,000): two approvals.
      storyItem({ lotId: 'lot-2', amount: 10_000_000, closedAt: '2026-04-01T10:01:00Z' }),
      storyItem({ lotId: 'lot-9', amount: 700, closedAt: '2026-04-01T10:02:00Z' }),
    ])) as [Agreement, Agreement, Agreement];
    const approved = await decide(below.id, { decision: 'approve', version: 1 });
    expect(approved.status).toBe(200);
    below = (await approved.json()) as Agreement;
    const first = await decide(above.id, { decision: 'approve', version: 1 });
    expect(first.status).toBe(200);
    firstApproval = ((await first.json()) as Agreement).approvals[0]!.at;
    const second = await decide(above.id, { decision: 'approve', version: 2 }, supervisor);
    expect(second.status).toBe(200);
    above = (await second.json()) as Agreement;
    // Flags raised after the decisions: an escalated one would have held the approval back.
    await insertFlags('lot-1', ['open', 'cleared', 'cleared']);
    await insertFlags('lot-2', ['escalated', 'escalated', 'open', 'cleared']);
  });

  it('adds the sale title and lot number, who decided by name, the first approval and the flags', async () => {
    const records = parseCsv(await exportOk(`?sale=${sale}&status=approved`));
    const story = records.map((record) => record.slice(-6));
    expect(story).toEqual([
      ['saleTitle', 'lotNumber', 'decidedByName', 'firstApprovedBy', 'firstApprovedAt', 'flags'],
      // A sale title that reads as a formula gets the guard, as every text does.
      [
        "'=Important Watches, Geneva",
        '7',
        'Erin Walsh',
        'erin',
        below.approvals[0]!.at,
        'open 1; escalated 0; cleared 2',
      ],
      // Two approvals: the first one's, while the decision is the second's.
      [
        "'=Important Watches, Geneva",
        '12',
        'Sam Okafor',
        'erin',
        firstApproval,
        'open 1; escalated 2; cleared 1',
      ],
    ]);
    expect(records.map((record) => record[12])).toEqual(['decidedBy', 'erin', 'sam']);
    expect(above.approvals.map((approval) => approval.by)).toEqual(['erin', 'sam']);
  });

  it('leaves the catalogue columns empty for a lot the catalogue lacks, the counts at zero', async () => {
    const records = parseCsv(await exportOk(`?sale=${sale}`));
    expect(records.slice(1).map((record) => [record[0], ...record.slice(-6)])).toEqual([
      [uncatalogued.id, '', '', '', '', '', 'open 0; escalated 0; cleared 0'],
    ]);
  });

  it('as a workbook: the same story, the lot number a number and the approval time a date', async () => {
    const { sheet } = await expectXlsxEqualsCsv(`?sale=${sale}&status=approved`);
    expect(sheet[2]!.slice(-6)).toEqual([
      '=Important Watches, Geneva',
      12,
      'Sam Okafor',
      'erin',
      new Date(firstApproval),
      'open 1; escalated 2; cleared 1',
    ]);
    await expectXlsxEqualsCsv(`?sale=${sale}`);
  });
});

describe('many rows', () => {
  /** 1,234 agreements: two full batches of 500 and a short one. */
  const count = 1_234;
  beforeAll(async () => {
    for (let sent = 0; sent < count; sent += 100) {
      const batch = Array.from({ length: Math.min(100, count - sent) }, (_, offset) => {
        // Amounts and close times spread out, with ties in both.
        const index = sent + offset;
        return item({
          amount: 1_000 + ((index * 7919) % 50_000),
          closedAt: new Date(Date.UTC(2026, 0, 1) + (index % 37) * 60_000).toISOString(),
        });
      });
      await ingest(batch);
    }
  });

  /** Every page of the list for a query, 100 at a time. */
  async function listAll(query: string): Promise<Agreement[]> {
    const items: Agreement[] = [];
    let cursor: string | null = null;
    do {
      const page: AgreementPage = await listOk(
        `${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return items;
  }

  it.each(['closedAt', '-closedAt', 'amount', '-amount'])(
    'sort=%s: every row past one batch, the same rows in the same order as the list',
    async (sort) => {
      const query = `?sale=bulk-sale&sort=${sort}`;
      const csv = await exportOk(query);
      const records = csv.split('\r\n');
      expect(records.at(-1)).toBe('');
      expect(records).toHaveLength(count + 2);
      const listed = await listAll(query);
      expect(listed).toHaveLength(count);
      expect(records.slice(1, -1).map((record) => record.split(',')[0])).toEqual(
        listed.map((agreement) => agreement.id),
      );
      expect(records.slice(1, -1).map((record) => record.split(',')[8])).toEqual(
        listed.map((agreement) => String(agreement.amount)),
      );
    },
  );

  it('as a workbook: the CSV row for row, past several batches', async () => {
    const { sheet } = await expectXlsxEqualsCsv('?sale=bulk-sale&sort=-amount');
    expect(sheet).toHaveLength(count + 1);
  });
});
