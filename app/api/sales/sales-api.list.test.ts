/** @jest-environment node */
// GET /api/sales through its route handler, on a real in-memory PGlite database; the catalogue
// arrives through the platform's ingest route. Both reads refuse a request without a session.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { catalogueSchema, saleListSchema } from '@/lib/sales/lot';
import { expectProblem, type Cookie } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotItemFactory, salesRoutes } from '@/testing/server/sales-requests';
import { salesFixture } from './sales-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { clerk, list, listOk, sale, saleOk } = salesFixture();

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
      headers: { cookie: `__Host-gavel_session=${clerk()}` },
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
      headers: { cookie: `__Host-gavel_session=${clerk()}` },
    });
    const response = await (await salesRoutes()).sales.GET(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(await listOk());
  });
});
