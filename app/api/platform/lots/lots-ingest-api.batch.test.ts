/** @jest-environment node */
// POST /api/platform/lots through its route handler, on a real in-memory PGlite database: a
// valid batch stored as sent, and sent again as an upsert on (auctionId, lotId).
import '@/testing/server/memory-database-env';
import { safeParse } from 'zod/mini';
import { catalogueLotSchema } from '@/lib/sales/lot';
import {
  ingestLotsOk,
  lotsRequest,
  sendLots,
  type LotIngestAnswer,
} from '@/testing/server/sales-requests';
import { lotsIngestFixture, pause } from './lots-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { newSale, allLots, rowOf } = lotsIngestFixture();

describe('POST /api/platform/lots: a valid batch', () => {
  it('answers 200 {items, created, updated}, each lot as stored, in the order sent', async () => {
    const lot = newSale('Modern & Contemporary Art');
    const items = [
      lot({ lotNumber: 3, scheduledCloseAt: '2026-06-01T20:00:00+02:00' }),
      lot({ lotNumber: 1, reserve: null, scheduledCloseAt: null }),
      lot({ lotNumber: 2, currency: 'GBP', lowEstimate: 0, highEstimate: 0, startingBid: 0 }),
    ];
    const answer = await ingestLotsOk(items);
    expect(Object.keys(answer).sort()).toEqual(['created', 'items', 'updated']);
    expect(answer).toMatchObject({ created: 3, updated: 0 });
    expect(answer.items).toEqual([
      // The offset is resolved: 20:00 at +02:00 is 18:00 UTC.
      { ...items[0], scheduledCloseAt: '2026-06-01T18:00:00.000Z' },
      { ...items[1], reserve: null, scheduledCloseAt: null },
      items[2],
    ]);
    for (const item of answer.items) expect(safeParse(catalogueLotSchema, item).success).toBe(true);

    const stored = await rowOf(items[0]!.auctionId, items[0]!.lotId);
    expect(stored!.lot).toMatchObject({ saleTitle: 'Modern & Contemporary Art', lotNumber: 3 });
    expect(stored!.lot.scheduledCloseAt!.toISOString()).toBe('2026-06-01T18:00:00.000Z');
    expect(stored!.touched).toBe(false);
  });

  it('accepts 200 items, the most a call takes, within 64 KiB', async () => {
    const lot = newSale('S');
    const items = Array.from({ length: 200 }, () => lot());
    expect(JSON.stringify({ items }).length).toBeLessThan(64 * 1024);
    const answer = await ingestLotsOk(items);
    expect(answer).toMatchObject({ created: 200, updated: 0 });
    expect(answer.items.map((item) => item.lotNumber)).toEqual(items.map((item) => item.lotNumber));
  });

  it('stores the text fields trimmed; a title keeps its line breaks and a leading tab', async () => {
    const lot = newSale();
    const item = lot({
      auctionId: `  ${lot().auctionId} `,
      saleTitle: ' Watches \n',
      lotId: ' lot-a ',
      lotTitle: '\tRolex Daytona\n6263  ',
    });
    const [stored] = (await ingestLotsOk([item])).items;
    expect(stored).toMatchObject({
      auctionId: item.auctionId.trim(),
      saleTitle: 'Watches',
      lotId: 'lot-a',
      lotTitle: '\tRolex Daytona\n6263',
    });
  });

  it('takes the largest safe amounts without losing a digit', async () => {
    const max = Number.MAX_SAFE_INTEGER;
    const item = newSale()({ lowEstimate: max, highEstimate: max, reserve: max, startingBid: max });
    const [stored] = (await ingestLotsOk([item])).items;
    expect(stored).toMatchObject({ lowEstimate: max, highEstimate: max, reserve: max });
    expect((await rowOf(item.auctionId, item.lotId))!.lot.startingBid).toBe(max);
  });

  it('takes a close long past, and one a year ahead', async () => {
    const lot = newSale();
    const ahead = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
    const answer = await ingestLotsOk([
      lot({ scheduledCloseAt: '1970-01-01T00:00:00Z' }),
      lot({ scheduledCloseAt: ahead }),
    ]);
    expect(answer.items.map((item) => item.scheduledCloseAt)).toEqual([
      '1970-01-01T00:00:00.000Z',
      ahead,
    ]);
  });

  it('lets two sales use the same lot ids and numbers', async () => {
    const first = newSale()();
    const second = newSale()();
    expect([first.lotId, first.lotNumber]).toEqual([second.lotId, second.lotNumber]);
    expect((await ingestLotsOk([first, second])).created).toBe(2);
  });
});

describe('POST /api/platform/lots: an upsert on (auctionId, lotId)', () => {
  it('changes nothing when the same catalogue comes twice: created 0, updated 0', async () => {
    const lot = newSale();
    const items = [lot(), lot({ reserve: null }), lot({ scheduledCloseAt: null })];
    const first = await ingestLotsOk(items);
    const before = await allLots();
    await pause();
    const second = await ingestLotsOk(items);
    expect(second).toEqual({ items: first.items, created: 0, updated: 0 });
    expect(await allLots()).toEqual(before);
  });

  it('counts a changed estimate as one update and moves only that lot’s updated_at', async () => {
    const lot = newSale();
    const items = [lot(), lot(), lot()];
    await ingestLotsOk(items);
    const untouched = await rowOf(items[0]!.auctionId, items[0]!.lotId);
    await pause();
    const changed = { ...items[1]!, highEstimate: items[1]!.highEstimate + 10_000 };
    const answer = await ingestLotsOk([items[0], changed, items[2]]);
    expect(answer).toMatchObject({ created: 0, updated: 1 });
    expect(answer.items[1]!.highEstimate).toBe(changed.highEstimate);

    const row = await rowOf(changed.auctionId, changed.lotId);
    expect(row).toMatchObject({ touched: true, lot: { highEstimate: changed.highEstimate } });
    expect(await rowOf(items[0]!.auctionId, items[0]!.lotId)).toEqual(untouched);
  });

  it.each<[string, Record<string, unknown>]>([
    ['the lot title', { lotTitle: 'Another title' }],
    ['the currency', { currency: 'CHF' }],
    ['the low estimate', { lowEstimate: 1 }],
    ['the reserve, to none', { reserve: null }],
    ['the starting bid', { startingBid: 7 }],
    ['the close, to none', { scheduledCloseAt: null }],
    ['the close', { scheduledCloseAt: '2026-06-01T18:00:01.000Z' }],
    ['the lot number, to a free one', { lotNumber: 99 }],
  ])('updates %s', async (_name, change) => {
    const item = newSale()();
    await ingestLotsOk([item]);
    const answer = await ingestLotsOk([{ ...item, ...change }]);
    expect(answer).toMatchObject({ created: 0, updated: 1, items: [change] });
  });

  it('takes one moment written with another offset as no change', async () => {
    const item = newSale()({ scheduledCloseAt: '2026-06-01T18:00:00Z' });
    await ingestLotsOk([item]);
    const again = await ingestLotsOk([{ ...item, scheduledCloseAt: '2026-06-01T14:00:00-04:00' }]);
    expect(again).toMatchObject({ created: 0, updated: 0 });
  });

  it('counts new and changed lots of a batch apart, and answers every lot in order', async () => {
    const lot = newSale();
    const [kept, edited] = [lot(), lot()];
    await ingestLotsOk([kept, edited]);
    const fresh = lot();
    const answer = await ingestLotsOk([fresh, kept, { ...edited, lotTitle: 'Edited' }]);
    expect(answer).toMatchObject({ created: 1, updated: 1 });
    expect(answer.items.map((item) => [item.lotId, item.lotTitle])).toEqual([
      [fresh.lotId, fresh.lotTitle],
      [kept.lotId, kept.lotTitle],
      [edited.lotId, 'Edited'],
    ]);
  });

  it('stores a lot sent twice alike in one batch once, and answers it twice', async () => {
    const item = newSale()();
    const answer = await ingestLotsOk([item, item]);
    expect(answer.created).toBe(1);
    expect(answer.items).toHaveLength(2);
    expect(answer.items[1]).toEqual(answer.items[0]);
  });

  it('renames every lot of a sale that comes with a new title; counts the lots sent', async () => {
    const lot = newSale('Old title');
    const items = [lot(), lot(), lot()];
    await ingestLotsOk(items);
    const answer = await ingestLotsOk([{ ...items[0]!, saleTitle: 'New title' }]);
    expect(answer).toMatchObject({ created: 0, updated: 1, items: [{ saleTitle: 'New title' }] });
    for (const item of items) {
      expect(await rowOf(item.auctionId, item.lotId)).toMatchObject({
        touched: true,
        lot: { saleTitle: 'New title' },
      });
    }
    // The others were renamed already: sending them under the new title changes nothing.
    const rest = items.slice(1).map((item) => ({ ...item, saleTitle: 'New title' }));
    expect(await ingestLotsOk(rest)).toMatchObject({ created: 0, updated: 0 });
  });

  it('stores each lot of several simultaneous identical calls once', async () => {
    const lot = newSale();
    const items = [lot(), lot(), lot()];
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await sendLots(lotsRequest({ items }));
        expect(response.status).toBe(200);
        return (await response.json()) as LotIngestAnswer;
      }),
    );
    expect(answers.map((answer) => answer.created).sort()).toEqual([0, 0, 0, 0, 3]);
    expect(answers.every((answer) => answer.updated === 0)).toBe(true);
    for (const answer of answers) expect(answer.items).toEqual(answers[0]!.items);
  });

  it('loses no update when simultaneous calls change different lots of one sale', async () => {
    const lot = newSale();
    const items = Array.from({ length: 6 }, () => lot());
    await ingestLotsOk(items);
    const answers = await Promise.all(
      items.map((item) => ingestLotsOk([{ ...item, lotTitle: `${item.lotTitle} (revised)` }])),
    );
    expect(answers.map((answer) => answer.updated)).toEqual(items.map(() => 1));
    for (const item of items) {
      const row = await rowOf(item.auctionId, item.lotId);
      expect(row!.lot.lotTitle).toBe(`${item.lotTitle} (revised)`);
    }
  });
});
