/** @jest-environment node */
// POST /api/platform/lots through its route handler, on a real in-memory PGlite database: lot
// numbers unique within a sale, and the lots table's own checks.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import { expectProblem } from '@/testing/server/agreements-requests';
import { ingestLotsOk, lotsRequest, sendLots } from '@/testing/server/sales-requests';
import { lotsIngestFixture } from './lots-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { db, schema, newSale, allLots, rowOf } = lotsIngestFixture();

describe('POST /api/platform/lots: lot numbers, unique within a sale', () => {
  it('refuses two lots of one sale with one number in a batch: 400, nothing written', async () => {
    const lot = newSale();
    const before = await allLots();
    const response = await sendLots(lotsRequest({ items: [lot(), lot({ lotNumber: 1 })] }));
    const body = await expectProblem(response, 400, 'bad_request');
    expect(body.error.message).toContain('items.1.lotNumber');
    expect(await allLots()).toEqual(before);
  });

  it('refuses a number a stored lot of the sale keeps: 409 conflict, nothing written', async () => {
    const lot = newSale();
    const [first, second] = [lot(), lot()];
    await ingestLotsOk([first, second]);
    const before = await allLots();
    // A new lot in the same batch is not stored either: the batch is refused whole.
    const response = await sendLots(
      lotsRequest({ items: [lot(), { ...second, lotNumber: first.lotNumber }] }),
    );
    const body = await expectProblem(response, 409, 'conflict');
    expect(body.error.message).toContain('items.1.lotNumber');
    expect(body.error.message).toContain(first.lotId);
    expect(await allLots()).toEqual(before);
  });

  it('refuses a new lot that takes a stored lot’s number with 409', async () => {
    const lot = newSale();
    const first = lot();
    await ingestLotsOk([first]);
    const response = await sendLots(lotsRequest({ items: [lot({ lotNumber: first.lotNumber })] }));
    await expectProblem(response, 409, 'conflict');
  });

  it('swaps the numbers of two lots sent together', async () => {
    const lot = newSale();
    const [a, b] = [lot(), lot()];
    await ingestLotsOk([a, b]);
    const answer = await ingestLotsOk([
      { ...a, lotNumber: b.lotNumber },
      { ...b, lotNumber: a.lotNumber },
    ]);
    expect(answer).toMatchObject({ created: 0, updated: 2 });
    expect((await rowOf(a.auctionId, a.lotId))!.lot.lotNumber).toBe(b.lotNumber);
    expect((await rowOf(b.auctionId, b.lotId))!.lot.lotNumber).toBe(a.lotNumber);
  });

  it('shifts a run of numbers up by one, a new lot taking the first', async () => {
    const lot = newSale();
    const items = [lot(), lot(), lot()];
    await ingestLotsOk(items);
    const inserted = lot({ lotNumber: 1 });
    const shifted = items.map((item) => ({ ...item, lotNumber: item.lotNumber + 1 }));
    const answer = await ingestLotsOk([inserted, ...shifted]);
    expect(answer).toMatchObject({ created: 1, updated: 3 });
    expect(answer.items.map((item) => item.lotNumber)).toEqual([1, 2, 3, 4]);
  });
});

// The stored rows keep the batch's own checks: the database refuses what the API would.
describe('the lots table', () => {
  it.each<[string, Record<string, unknown>]>([
    ['lot number 0', { lotNumber: 0 }],
    ['a low estimate above the high one', { lowEstimate: 2, highEstimate: 1 }],
    ['a negative reserve', { reserve: -1 }],
    ['a negative starting bid', { startingBid: -1 }],
    ['a lower-case currency', { currency: 'eur' }],
  ])('refuses %s', async (_name, change) => {
    const item = newSale()();
    await expect(
      db()
        .insert(schema().lots)
        .values({ ...item, scheduledCloseAt: null, ...change }),
    ).rejects.toThrow();
  });

  it('refuses a second lot with a number the sale already uses', async () => {
    const [first] = (await ingestLotsOk([newSale()()])).items;
    await expect(
      db()
        .insert(schema().lots)
        .values({ ...first!, lotId: 'another', scheduledCloseAt: null }),
    ).rejects.toThrow();
    expect(await db().$count(schema().lots, eq(schema().lots.auctionId, first!.auctionId))).toBe(1);
  });
});
