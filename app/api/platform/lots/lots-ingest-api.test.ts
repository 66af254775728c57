/** @jest-environment node */
// POST /api/platform/lots through its route handler, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { asc, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import { catalogueLotSchema } from '@/lib/sales/lot';
import type { Database } from '@/lib/server/db/database';
import { expectProblem, platformToken } from '@/testing/server/agreements-requests';
import {
  ingestLotsOk,
  lotItemFactory,
  lotsRequest,
  salesRoutes,
  sendLots,
  type LotIngestAnswer,
} from '@/testing/server/sales-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

let schema: Schema;
let connection: Connection;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  db = await connection.database();
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

let sales = 0;
/** Items of a sale no other test uses. */
const newSale = (title?: string) => {
  sales += 1;
  return lotItemFactory(`ingest-sale-${sales}`, title);
};

/** Every stored lot, in a stable order: compared before and after a refused call. */
async function allLots() {
  return db.select().from(schema.lots).orderBy(asc(schema.lots.auctionId), asc(schema.lots.lotId));
}

async function rowOf(auctionId: string, lotId: string) {
  const [row] = await db
    .select({
      lot: schema.lots,
      // Compared at the database's microseconds, not the milliseconds of a JS Date.
      touched: sql<boolean>`${schema.lots.updatedAt} > ${schema.lots.createdAt}`,
    })
    .from(schema.lots)
    .where(sql`${schema.lots.auctionId} = ${auctionId} and ${schema.lots.lotId} = ${lotId}`);
  return row;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A body as raw JSON text, so a lone surrogate travels as the escape a hostile client sends. */
const rawJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\ud800-\udfff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );

// ---- tests ----

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

describe('POST /api/platform/lots: validation', () => {
  const lot = newSale();
  const { reserve: _reserve, ...withoutReserve } = lot();
  const { scheduledCloseAt: _close, ...withoutClose } = lot();
  const { currency: _currency, ...withoutCurrency } = lot();
  const inYears = (years: number) =>
    new Date(Date.now() + years * 366 * 24 * 3600 * 1000).toISOString();

  type BodyCase = [name: string, makeBody: () => unknown];
  const one = (change: Record<string, unknown>) => () => ({ items: [lot(change)] });
  const amountCases = ['lowEstimate', 'highEstimate', 'reserve', 'startingBid'].flatMap(
    (field): BodyCase[] => [
      [`a negative ${field}`, one({ [field]: -1 })],
      [`a fractional ${field}`, one({ [field]: 100.5 })],
      [`${field} as a string`, one({ [field]: '100000' })],
      [`${field} past the safe integers`, one({ [field]: 2 ** 53 })],
    ],
  );
  const invalid: BodyCase[] = [
    ['0 items', () => ({ items: [] })],
    ['201 items', () => ({ items: Array.from({ length: 201 }, () => lot()) })],
    ['no items field', () => ({})],
    ['a bare array of items', () => [lot()]],
    ['an unknown top-level field', () => ({ items: [lot()], dryRun: true })],
    ['an unknown field on an item', one({ buyersPremium: 25 })],
    ['no reserve field (null says "no reserve")', () => ({ items: [withoutReserve] })],
    ['no scheduledCloseAt field', () => ({ items: [withoutClose] })],
    ['no currency', () => ({ items: [withoutCurrency] })],
    ...amountCases,
    ['a null low estimate', one({ lowEstimate: null })],
    ['a low estimate above the high one', one({ lowEstimate: 200_001, highEstimate: 200_000 })],
    ['lot number 0', one({ lotNumber: 0 })],
    ['a negative lot number', one({ lotNumber: -3 })],
    ['a fractional lot number', one({ lotNumber: 1.5 })],
    ['a lot number as a string', one({ lotNumber: '12' })],
    ['a lot number past the database integer', one({ lotNumber: 2 ** 31 })],
    ['a lower-case currency', one({ currency: 'eur' })],
    ['a four-letter currency', one({ currency: 'EURO' })],
    ['a currency symbol', one({ currency: '€' })],
    ['scheduledCloseAt as words', one({ scheduledCloseAt: 'next friday' })],
    ['scheduledCloseAt as a date only', one({ scheduledCloseAt: '2026-06-01' })],
    ['scheduledCloseAt without an offset', one({ scheduledCloseAt: '2026-06-01T18:00:00' })],
    ['scheduledCloseAt on 30 February', one({ scheduledCloseAt: '2026-02-30T18:00:00Z' })],
    ['scheduledCloseAt as a number', one({ scheduledCloseAt: 1_780_000_000_000 })],
    ['scheduledCloseAt in year 0000', one({ scheduledCloseAt: '0000-01-01T00:00:00Z' })],
    ['scheduledCloseAt before 1970', one({ scheduledCloseAt: '1969-12-31T23:59:59Z' })],
    [
      'scheduledCloseAt three years ahead',
      () => ({ items: [lot({ scheduledCloseAt: inYears(3) })] }),
    ],
    // Year 9999 with a negative offset is year 10000 in UTC, which the database refuses.
    ['scheduledCloseAt at 9999 -23:59', one({ scheduledCloseAt: '9999-12-31T23:59:59-23:59' })],
    ['a blank lot title', one({ lotTitle: '   ' })],
    ['an empty sale title', one({ saleTitle: '' })],
    ['a 301-character lot title', one({ lotTitle: 't'.repeat(301) })],
    ['a 201-character sale title', one({ saleTitle: 's'.repeat(201) })],
    ['a 101-character auction id', one({ auctionId: 'a'.repeat(101) })],
    ['a 101-character lot id', one({ lotId: 'l'.repeat(101) })],
    ['a numeric lot id', one({ lotId: 12 })],
    ['a right-to-left override inside the lot title', one({ lotTitle: 'Rolex \u202eDaytona' })],
    ['a newline inside the lot id', one({ lotId: 'lot\na' })],
    ['an escape sequence in the sale title', one({ saleTitle: '\u001b[2JSale' })],
    ['a DEL in the lot id', one({ lotId: 'lot\u007f1' })],
    ['a NUL in the auction id', () => rawJson({ items: [lot({ auctionId: 'sale\u0000x' })] })],
    [
      'a lone surrogate in the lot title',
      () => rawJson({ items: [lot({ lotTitle: 'a\ud800b' })] }),
    ],
    [
      'a lone surrogate in the sale title',
      () => rawJson({ items: [lot({ saleTitle: '\udc00' })] }),
    ],
    ['one sale under two titles', () => ({ items: [lot(), lot({ saleTitle: 'Another' })] })],
    [
      'one lot twice with other values',
      () => {
        const item = lot();
        return { items: [item, { ...item, lotTitle: 'Changed' }] };
      },
    ],
    ['one bad item after good ones', () => ({ items: [lot(), lot(), lot({ currency: 'euro' })] })],
    ['a JSON null', () => 'null'],
    ['an empty body', () => ''],
    ['malformed JSON', () => '{"items": ['],
  ];

  it.each(invalid)('%s -> 400 bad_request, nothing written', async (_name, makeBody) => {
    const before = await allLots();
    const response = await sendLots(lotsRequest(makeBody()));
    await expectProblem(response, 400, 'bad_request');
    expect(await allLots()).toEqual(before);
  });

  it('says which field is wrong', async () => {
    const response = await sendLots(
      lotsRequest({ items: [lot(), lot({ lowEstimate: 10, highEstimate: 9 })] }),
    );
    const body = await expectProblem(response, 400, 'bad_request');
    expect(body.error.message).toContain('items.1.highEstimate');
  });
});

describe('POST /api/platform/lots: the bearer token', () => {
  const lot = newSale();

  it.each<[string, string | undefined]>([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer not-the-platform-token'],
    ['the token and one more character', `Bearer ${platformToken}x`],
    ['the token under the Basic scheme', `Basic ${platformToken}`],
  ])(
    '%s -> 401 unauthorized with WWW-Authenticate, nothing written',
    async (_name, authorization) => {
      const before = await allLots();
      const response = await sendLots(lotsRequest({ items: [lot()] }, { authorization }));
      const body = await expectProblem(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(JSON.stringify(body)).not.toContain(platformToken);
      expect(await allLots()).toEqual(before);
    },
  );

  it.each<[string, unknown]>([
    ['an invalid body', { items: [{ lotNumber: 0 }] }],
    ['a body over 64 KiB', { items: [lot({ lotTitle: 'x'.repeat(70_000) })] }],
  ])('checks the token before the body: a wrong token with %s gets 401', async (_name, body) => {
    const response = await sendLots(lotsRequest(body, { authorization: 'Bearer wrong' }));
    await expectProblem(response, 401, 'unauthorized');
  });

  it('needs no Origin header: a server-to-server call from anywhere is fine', async () => {
    const response = await sendLots(
      lotsRequest({ items: [lot()] }, { origin: 'https://platform.example' }),
    );
    expect(response.status).toBe(200);
  });
});

describe('POST /api/platform/lots: request guards', () => {
  const lot = newSale();

  it.each<[string, number, string, () => ReturnType<typeof lotsRequest>]>([
    [
      '200 valid lots with long titles, past 64 KiB',
      413,
      'payload_too_large',
      () =>
        lotsRequest({
          items: Array.from({ length: 200 }, () => lot({ lotTitle: 't'.repeat(300) })),
        }),
    ],
    [
      'a small body declaring Content-Length: 1 MiB',
      413,
      'payload_too_large',
      () => lotsRequest({ items: [lot()] }, { 'content-length': String(1024 * 1024) }),
    ],
    [
      'Content-Type: text/plain',
      403,
      'forbidden',
      () => lotsRequest({ items: [lot()] }, { 'content-type': 'text/plain' }),
    ],
  ])('%s -> %i %s, nothing written', async (_name, status, code, make) => {
    const before = await allLots();
    await expectProblem(await sendLots(make()), status, code);
    expect(await allLots()).toEqual(before);
  });

  it('answers every other method with 405 in the envelope, naming what is allowed', async () => {
    const route = (await salesRoutes()).ingest;
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route[method](requestFor(method));
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const options = await route.OPTIONS(requestFor('OPTIONS'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

function requestFor(method: string) {
  return new NextRequest('http://localhost:3000/api/platform/lots', {
    method,
    headers: { authorization: `Bearer ${platformToken}` },
  });
}

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
      db.insert(schema.lots).values({ ...item, scheduledCloseAt: null, ...change }),
    ).rejects.toThrow();
  });

  it('refuses a second lot with a number the sale already uses', async () => {
    const [first] = (await ingestLotsOk([newSale()()])).items;
    await expect(
      db.insert(schema.lots).values({ ...first!, lotId: 'another', scheduledCloseAt: null }),
    ).rejects.toThrow();
    expect(await db.$count(schema.lots, eq(schema.lots.auctionId, first!.auctionId))).toBe(1);
  });
});
