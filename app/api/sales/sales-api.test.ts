/** @jest-environment node */
// GET /api/sales and GET /api/sales/{auctionId} through their route handlers, on a real in-memory
// PGlite database; the catalogue arrives through the platform's ingest route.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { catalogueSchema, saleListSchema, saleSchema } from '@/lib/sales/lot';
import {
  agreementsApi,
  expectProblem,
  staffPassword,
  type Cookie,
} from '@/testing/server/agreements-requests';
import {
  ingestLotsOk,
  lotItemFactory,
  salesApi,
  salesRoutes,
} from '@/testing/server/sales-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');

let connection: Connection;
/** A staff member's session cookie: every call given no cookie carries it. */
let clerk: string;

const { signIn } = agreementsApi();
const { list, listOk, sale, saleOk } = salesApi(() => clerk);

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const db = await connection.database();
  await createAccount(db, {
    loginId: 'clara',
    displayName: 'Clara',
    password: staffPassword,
    role: 'clerk',
  });
  clerk = await signIn('clara');
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const lotKeys = [
  'auctionId',
  'bidders',
  'bids',
  'buyer',
  'closedAt',
  'closedTimetoken',
  'closesAt',
  'currency',
  'hammer',
  'highBid',
  'highEstimate',
  'lastBidAt',
  'leader',
  'lotId',
  'lotNumber',
  'lotTitle',
  'lowEstimate',
  'openedAt',
  'reserve',
  'reserveState',
  'scheduledCloseAt',
  'startedAt',
  'startingBid',
  'status',
  'underbidder',
];

/** A lot nothing was recorded of yet: upcoming, no bid. */
const notYetRecorded = {
  status: 'upcoming',
  highBid: null,
  bids: 0,
  bidders: 0,
  leader: null,
  underbidder: null,
  lastBidAt: null,
  openedAt: null,
  startedAt: null,
  closedAt: null,
  closedTimetoken: null,
  hammer: null,
  buyer: null,
};

/** The figures of a sale none of whose lots the record has met. */
const allUpcoming = (lots: number) => ({
  upcoming: lots,
  open: 0,
  sold: 0,
  passed: 0,
  hammerTotals: [],
});

describe('before any catalogue has come', () => {
  it('answers an empty list, and 404 for any sale', async () => {
    expect(await listOk()).toEqual({ items: [] });
    await expectProblem(await sale('sale-order'), 404, 'not_found');
  });
});

describe('signed out', () => {
  it.each<[string, Cookie]>([
    ['no cookie', null],
    ['a garbage cookie', 'not-a-session'],
  ])('with %s: both reads answer 401, even for an unknown sale', async (_name, cookie) => {
    await ingestLotsOk([lotItemFactory('signed-out-sale')()]);
    await expectProblem(await list(cookie), 401, 'unauthorized');
    await expectProblem(await sale('signed-out-sale', cookie), 401, 'unauthorized');
    await expectProblem(await sale('no-such-sale', cookie), 401, 'unauthorized');
    await expectProblem(await sale('x'.repeat(500), cookie), 401, 'unauthorized');
  });
});

describe('GET /api/sales', () => {
  it('answers every sale by title with its lot count and sorted currencies', async () => {
    const watches = lotItemFactory('sales-watches', 'B. Watches');
    const cars = lotItemFactory('sales-cars', 'A. Classic cars');
    await ingestLotsOk([
      watches({ currency: 'GBP' }),
      watches({ currency: 'CHF' }),
      watches({ currency: 'GBP' }),
      cars({ currency: 'USD' }),
    ]);
    const answer = await listOk();
    expect(safeParse(saleListSchema, answer).success).toBe(true);
    const ours = answer.items.filter((item) => item.auctionId.startsWith('sales-'));
    expect(ours).toEqual([
      {
        auctionId: 'sales-cars',
        saleTitle: 'A. Classic cars',
        lotCount: 1,
        currencies: ['USD'],
        ...allUpcoming(1),
      },
      {
        auctionId: 'sales-watches',
        saleTitle: 'B. Watches',
        lotCount: 3,
        currencies: ['CHF', 'GBP'],
        ...allUpcoming(3),
      },
    ]);
    const titles = answer.items.map((item) => item.saleTitle);
    expect(titles).toEqual([...titles].sort());

    // A new lot counts, a lot sent again does not, a new title shows.
    await ingestLotsOk([watches({ currency: 'EUR', saleTitle: 'C. Watches' })]);
    const after = (await listOk()).items.find((item) => item.auctionId === 'sales-watches');
    expect(after).toEqual({
      auctionId: 'sales-watches',
      saleTitle: 'C. Watches',
      lotCount: 4,
      currencies: ['CHF', 'EUR', 'GBP'],
      ...allUpcoming(4),
    });
  });

  /** `GET /api/sales` with a query string, as the clerk. */
  async function listWith(query: string) {
    const request = new NextRequest(`http://localhost:3000/api/sales?${query}`, {
      headers: { cookie: `__Host-gavel_session=${clerk}` },
    });
    return (await salesRoutes()).sales.GET(request);
  }

  it('with include=lots: each sale of the list with its lots, as the sale read answers them', async () => {
    const prints = lotItemFactory('sales-prints', 'D. Prints');
    await ingestLotsOk([prints({ lotNumber: 2 }), prints({ lotNumber: 1, reserve: null })]);
    await ingestLotsOk([lotItemFactory('sales-rugs', 'E. Rugs')()]);
    const response = await listWith('include=lots');
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(safeParse(catalogueSchema, answer).success).toBe(true);
    const summaries = (await listOk()).items;
    expect(answer.items.map(({ lots: _, ...summary }: { lots: unknown }) => summary)).toEqual(
      summaries,
    );
    for (const item of answer.items) {
      expect(item.lots).toEqual((await saleOk(item.auctionId)).lots);
      expect(item.lots).toHaveLength(item.lotCount);
    }
    const printsSale = answer.items.find(
      (item: { auctionId: string }) => item.auctionId === 'sales-prints',
    );
    expect(printsSale.lots.map((lot: { lotNumber: number }) => lot.lotNumber)).toEqual([1, 2]);
  });

  it.each(['include=LOTS', 'include=', 'include=lots,bids', 'include=%00'])(
    'with %s: the list alone',
    async (query) => {
      const response = await listWith(query);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(await listOk());
    },
  );

  it('ignores the query string', async () => {
    const request = new NextRequest('http://localhost:3000/api/sales?limit=abc&x=%00', {
      headers: { cookie: `__Host-gavel_session=${clerk}` },
    });
    const response = await (await salesRoutes()).sales.GET(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(await listOk());
  });
});

describe('GET /api/sales/{auctionId}', () => {
  it('answers the sale and its lots in lot-number order, whatever order they came in', async () => {
    const lot = lotItemFactory('sale-order', 'Jewellery');
    const [first, second, third] = [lot(), lot({ reserve: null, scheduledCloseAt: null }), lot()];
    await ingestLotsOk([third, first]);
    await ingestLotsOk([second]);
    const answer = await saleOk('sale-order');
    expect(safeParse(saleSchema, answer).success).toBe(true);
    expect(Object.keys(answer).sort()).toEqual([
      'auctionId',
      'lots',
      'recordedThrough',
      'saleTitle',
    ]);
    expect(answer).toMatchObject({ auctionId: 'sale-order', saleTitle: 'Jewellery' });
    expect(answer.lots.map((item) => item.lotNumber)).toEqual([1, 2, 3]);
    for (const item of answer.lots) expect(Object.keys(item).sort()).toEqual(lotKeys);
    const { saleTitle: _title, ...expected } = second!;
    expect(answer.lots[1]).toEqual({
      ...expected,
      reserve: null,
      scheduledCloseAt: null,
      ...notYetRecorded,
      closesAt: null,
      reserveState: 'no-reserve',
    });
  });

  it('follows a renumbering: the running order is the lot numbers now stored', async () => {
    const lot = lotItemFactory('sale-renumbered');
    const [a, b, c] = [lot(), lot(), lot()];
    await ingestLotsOk([a, b, c]);
    await ingestLotsOk([
      { ...a, lotNumber: 3 },
      { ...c, lotNumber: 1 },
    ]);
    const answer = await saleOk('sale-renumbered');
    expect(answer.lots.map((item) => [item.lotNumber, item.lotId])).toEqual([
      [1, c!.lotId],
      [2, b!.lotId],
      [3, a!.lotId],
    ]);
  });

  it('orders by number, not by text: lot 10 comes after lot 9', async () => {
    const lot = lotItemFactory('sale-numeric');
    await ingestLotsOk([lot({ lotNumber: 10 }), lot({ lotNumber: 9 }), lot({ lotNumber: 100 })]);
    const answer = await saleOk('sale-numeric');
    expect(answer.lots.map((item) => item.lotNumber)).toEqual([9, 10, 100]);
  });

  it.each([
    ['a space inside', 'Paris 2026'],
    ['a slash', 'paris/2026'],
    ['a percent sign', '100% design'],
    ['an accent', 'vente-café'],
    ['100 characters', 'i'.repeat(100)],
  ])('finds a sale whose id has %s', async (_name, auctionId) => {
    await ingestLotsOk([lotItemFactory(auctionId)()]);
    expect((await saleOk(auctionId)).auctionId).toBe(auctionId);
  });

  it.each([
    ['an unknown id', 'no-such-sale'],
    ['an empty id', ''],
    ['a 101-character id', 'i'.repeat(101)],
    ['a leading space', ' sale-order'],
    ['a trailing space', 'sale-order '],
    ['a NUL', 'sale\u0000order'],
    ['a newline', 'sale\norder'],
    ['a lone surrogate', 'sale\ud800order'],
    ['another case of a known id', 'SALE-ORDER'],
  ])('%s -> 404 not_found', async (_name, auctionId) => {
    await expectProblem(await sale(auctionId), 404, 'not_found');
  });

  it('answers HEAD as GET without a body', async () => {
    const request = new NextRequest('http://localhost:3000/api/sales/sale-order', {
      method: 'HEAD',
      headers: { cookie: `__Host-gavel_session=${clerk}` },
    });
    const response = await (
      await salesRoutes()
    ).sale.HEAD(request, {
      params: Promise.resolve({ auctionId: 'sale-order' }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('every other method answers 405 in the envelope', () => {
  it.each(['sales', 'sale'] as const)('/api/%s', async (name) => {
    const route = (await salesRoutes())[name];
    const context = { params: Promise.resolve({ auctionId: 'sale-order' }) };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const request = new NextRequest('http://localhost:3000/api/sales', {
        method,
        headers: { origin: 'http://localhost:3000', cookie: `__Host-gavel_session=${clerk}` },
      });
      const response = await route[method](request, context);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const options = await route.OPTIONS(
      new NextRequest('http://localhost:3000/api/sales', { method: 'OPTIONS' }),
    );
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
