/** @jest-environment node */
// GET /api/agreements/export through its route handler on a real in-memory PGlite database: the
// session, the CSV bytes (RFC 4180, formula-safe, amounts in the currency's decimals), every row
// past one batch, and the same rows in the same order as the list.
import '@/lib/server/testing/memory-database-env';
import { NextRequest } from 'next/server';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
  type Cookie,
} from '@/lib/server/testing/agreements-requests';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');
type ExportRoute = typeof import('./route');

const origin = 'http://localhost:3000';
const header =
  'id,platformId,auctionId,lotId,lotTitle,buyer,currency,amount,amountMinor,status,closedAt,decidedAt,decidedBy,reason\r\n';

let connection: Connection;
let route: ExportRoute;
let staff: string;

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
  staff = await signIn('erin');
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
  ])('%s -> 400 bad_request', async (_name, query) => {
    await expectProblem(await exportCsv(query), 400, 'bad_request');
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
      `${plain.id},p-1,${sale},lot-1,Nu couché,Paddle 118,EUR,14500.50,1450050,pending,2026-03-02T18:30:00.000Z,,,\r\n` +
      `${quoted.id},p-2,${sale},'-lot-2,"Patek Philippe, ref. ""2499""","'=HYPERLINK(""http://evil.example"")",GBP,0.05,5,pending,2026-03-02T18:31:00.000Z,,,\r\n` +
      `${yen.id},p-3,${sale},lot-3,'+81 netsuke,'@phone,JPY,1234567,1234567,pending,2026-03-02T18:32:00.500Z,,,\r\n` +
      `${dinar.id},p-4,${sale},lot-4,Pearl necklace,Online 7,BHD,1.234,1234,pending,2026-03-02T18:33:00.000Z,,,\r\n`;
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
        `${tab.id},c-1,${controls},lot-1,'\t=1+1,"'\r@Paddle\n7",EUR,1.00,100,pending,2026-03-02T18:30:00.000Z,,,\r\n`,
    );
  });

  it('carries the decision, a reason over several lines quoted as it is', async () => {
    const csv = await exportOk(`?sale=${sale}&status=rejected`);
    expect(csv).toBe(
      header +
        `${rejected.id},p-5,${sale},lot-5,Brass lamp,Phone 2,USD,700.00,70000,rejected,2026-03-02T18:29:00.000Z,${rejected.decidedAt},erin,"Buyer withdrew,\r\nsee ""notes""\n-twice"\r\n`,
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
});
