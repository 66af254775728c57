/** @jest-environment node */
// GET /api/sales/{auctionId} through its route handler, on a real in-memory PGlite database; the
// catalogue arrives through the platform's ingest route. Every other method answers 405.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { saleSchema } from '@/lib/sales/lot';
import { expectProblem } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory, salesRoutes } from '@/testing/server/sales-requests';
import { salesFixture } from './sales-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { clerk, sale, saleOk } = salesFixture();

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
      headers: { cookie: `__Host-gavel_session=${clerk()}` },
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
        headers: { origin: 'http://localhost:3000', cookie: `__Host-gavel_session=${clerk()}` },
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
