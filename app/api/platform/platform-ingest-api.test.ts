/** @jest-environment node */
// POST /api/platform/agreements through its route handler, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { count, eq, inArray } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  ingestRequest,
  platformToken,
  sendIngest,
  type IngestAnswer,
} from '@/testing/server/agreements-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let schema: Schema;
let connection: Connection;
let db: Database;

const { ingestOk } = agreementsApi();
/** A valid item with a platform id no other test uses. */
const newItem = ingestItemFactory('plat-', {
  auctionId: 'london-watches-2026',
  lotTitle: 'Omega Speedmaster',
  amount: 960_000,
  currency: 'GBP',
  closedAt: '2026-03-01T10:00:00+02:00',
});

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  db = await connection.database();
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

async function agreementCount(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(schema.agreements);
  return row!.value;
}

async function rowsFor(platformId: string) {
  return db.select().from(schema.agreements).where(eq(schema.agreements.platformId, platformId));
}

// ---- tests ----

describe('POST /api/platform/agreements: a valid batch', () => {
  it('answers 200 {items, created} with each agreement in the shape of the product contract', async () => {
    const items = [newItem(), newItem({ amount: 0, currency: 'EUR' }), newItem()];
    const before = Date.now();
    const answer = await ingestOk(items);
    expect(Object.keys(answer).sort()).toEqual(['created', 'items']);
    expect(answer.created).toBe(3);
    expect(answer.items).toHaveLength(3);
    answer.items.forEach((agreement, index) => {
      const sent = items[index]!;
      expect(agreement).toEqual({
        id: expect.stringMatching(uuidPattern),
        platformId: sent.platformId,
        auctionId: sent.auctionId,
        lotId: sent.lotId,
        lotTitle: sent.lotTitle,
        buyer: sent.buyer,
        amount: sent.amount,
        currency: sent.currency,
        status: 'pending',
        version: 1,
        // The offset is resolved: 10:00 at +02:00 is 08:00 UTC.
        closedAt: '2026-03-01T08:00:00.000Z',
        createdAt: expect.stringMatching(isoPattern),
        decidedAt: null,
        decidedBy: null,
        decidedByName: null,
        reason: null,
        // GBP 9,600.02 and so on: below the default four-eyes threshold of 100,000.
        requiredApprovals: 1,
        approvals: [],
      });
      const createdAt = Date.parse(agreement.createdAt as string);
      expect(createdAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(createdAt).toBeLessThanOrEqual(Date.now() + 1_000);
    });
    expect(new Set(answer.items.map((agreement) => agreement.id)).size).toBe(3);

    // What was answered is what was stored.
    const [stored] = await rowsFor(items[1]!.platformId);
    expect(stored).toMatchObject({
      id: answer.items[1]!.id,
      amount: 0,
      currency: 'EUR',
      status: 'pending',
      version: 1,
      decidedAt: null,
      decidedBy: null,
    });
    expect(stored!.closedAt.toISOString()).toBe('2026-03-01T08:00:00.000Z');
  });

  it('accepts 100 items, the most a call takes', async () => {
    const before = await agreementCount();
    const answer = await ingestOk(Array.from({ length: 100 }, () => newItem()));
    expect(answer.created).toBe(100);
    expect(answer.items).toHaveLength(100);
    expect(await agreementCount()).toBe(before + 100);
  });

  it('stores the text fields trimmed', async () => {
    const item = newItem({ lotTitle: '  Cartier Tank Cintrée \n', buyer: ' Paddle 233 ' });
    const answer = await ingestOk([item]);
    expect(answer.items[0]).toMatchObject({
      lotTitle: 'Cartier Tank Cintrée',
      buyer: 'Paddle 233',
    });
  });

  it('takes the largest safe amount without losing a digit', async () => {
    const item = newItem({ amount: Number.MAX_SAFE_INTEGER });
    const answer = await ingestOk([item]);
    expect(answer.items[0]!.amount).toBe(Number.MAX_SAFE_INTEGER);
    expect((await rowsFor(item.platformId))[0]!.amount).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('POST /api/platform/agreements: idempotent on platformId', () => {
  it('stores an agreement sent in two calls once; the second call creates 0 and answers the same id', async () => {
    const item = newItem();
    const first = await ingestOk([item]);
    const second = await ingestOk([item]);
    expect(first.created).toBe(1);
    expect(second.created).toBe(0);
    expect(second.items).toEqual(first.items);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });

  it('keeps the first record when the platform resends it changed', async () => {
    const item = newItem();
    const first = await ingestOk([item]);
    const second = await ingestOk([{ ...item, amount: item.amount + 1, buyer: 'Someone else' }]);
    expect(second.created).toBe(0);
    expect(second.items).toEqual(first.items);
    const rows = await rowsFor(item.platformId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: item.amount, buyer: item.buyer });
  });

  it('stores an agreement sent twice inside one batch once', async () => {
    const item = newItem();
    const before = await agreementCount();
    const answer = await ingestOk([item, item]);
    expect(answer.created).toBe(1);
    // One answer per item sent, both the same stored agreement.
    expect(answer.items).toHaveLength(2);
    expect(answer.items[1]).toEqual(answer.items[0]);
    expect(answer.items.every((agreement) => agreement.platformId === item.platformId)).toBe(true);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
    expect(await agreementCount()).toBe(before + 1);
  });

  it('mixes new and known agreements in one batch: counts only the new, answers all', async () => {
    const known = newItem();
    const [existing] = (await ingestOk([known])).items;
    const fresh = [newItem(), newItem()];
    const answer = await ingestOk([fresh[0], known, fresh[1]]);
    expect(answer.created).toBe(2);
    expect(answer.items.map((agreement) => agreement.platformId)).toEqual([
      fresh[0]!.platformId,
      known.platformId,
      fresh[1]!.platformId,
    ]);
    expect(answer.items[1]).toEqual(existing);
    const rows = await db
      .select()
      .from(schema.agreements)
      .where(
        inArray(
          schema.agreements.platformId,
          [known, ...fresh].map((item) => item.platformId),
        ),
      );
    expect(rows).toHaveLength(3);
  });

  it('stores each of several simultaneous identical calls once', async () => {
    const item = newItem();
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const response = await sendIngest(ingestRequest({ items: [item] }));
        expect(response.status).toBe(200);
        return (await response.json()) as IngestAnswer;
      }),
    );
    expect(answers.map((answer) => answer.created).sort()).toEqual([0, 0, 0, 0, 1]);
    expect(new Set(answers.map((answer) => answer.items[0]!.id)).size).toBe(1);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });
});

describe('POST /api/platform/agreements: the bearer token', () => {
  type TokenCase = [name: string, authorization: string | undefined];
  const refused: TokenCase[] = [
    ['no Authorization header', undefined],
    ['an empty Authorization header', ''],
    ['Bearer with no token', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['a wrong token', 'Bearer not-the-platform-token'],
    ['the token with one character changed', `Bearer ${platformToken.slice(0, -1)}N`],
    ['a prefix of the token', `Bearer ${platformToken.slice(0, -1)}`],
    ['the token and one more character', `Bearer ${platformToken}x`],
    ['the token in upper case', `Bearer ${platformToken.toUpperCase()}`],
    ['the token without a scheme', platformToken],
    [
      'the token as Basic credentials',
      `Basic ${Buffer.from(`platform:${platformToken}`).toString('base64')}`,
    ],
    ['the token under the Basic scheme', `Basic ${platformToken}`],
    ['the token under another scheme', `Token ${platformToken}`],
    ['the token twice', `Bearer ${platformToken} ${platformToken}`],
    ['the token, a comma and another', `Bearer ${platformToken}, Bearer other`],
  ];

  it.each(refused)(
    '%s -> 401 unauthorized with WWW-Authenticate, nothing written',
    async (_name, authorization) => {
      const before = await agreementCount();
      const response = await sendIngest(ingestRequest({ items: [newItem()] }, { authorization }));
      const body = await expectProblem(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(JSON.stringify(body)).not.toContain(platformToken);
      expect(await agreementCount()).toBe(before);
    },
  );

  it('answers the same refusal whatever was wrong with the token', async () => {
    const answers = await Promise.all(
      [undefined, 'Bearer wrong', `Bearer ${platformToken}x`, `Basic ${platformToken}`].map(
        async (authorization) => {
          const response = await sendIngest(
            ingestRequest({ items: [newItem()] }, { authorization }),
          );
          return { status: response.status, body: await response.json() };
        },
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it.each<TokenCase>([
    ['Bearer', `Bearer ${platformToken}`],
    ['a lower-case scheme (schemes are case-insensitive, RFC 9110)', `bearer ${platformToken}`],
    ['an upper-case scheme', `BEARER ${platformToken}`],
  ])('accepts the right token with %s', async (_name, authorization) => {
    const item = newItem();
    const response = await sendIngest(ingestRequest({ items: [item] }, { authorization }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as IngestAnswer).created).toBe(1);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });

  it('needs no Origin header: a server-to-server call from anywhere is fine', async () => {
    for (const headers of [
      {},
      { origin: 'https://platform.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const item = newItem();
      const response = await sendIngest(ingestRequest({ items: [item] }, headers));
      expect(response.status).toBe(200);
      expect(await rowsFor(item.platformId)).toHaveLength(1);
    }
  });

  it.each<[string, () => NextRequest]>([
    [
      'an invalid body',
      () => ingestRequest({ items: [{ amount: -1 }] }, { authorization: 'Bearer wrong' }),
    ],
    ['malformed JSON', () => ingestRequest('{"items": [', { authorization: 'Bearer wrong' })],
    ['no items', () => ingestRequest({ items: [] }, { authorization: undefined })],
    [
      'a wrong Content-Type',
      () =>
        ingestRequest(
          { items: [newItem()] },
          {
            authorization: 'Bearer wrong',
            'content-type': 'text/plain',
          },
        ),
    ],
    [
      'a body over 64 KiB',
      () =>
        ingestRequest(
          { items: [newItem({ lotTitle: 'x'.repeat(70_000) })] },
          {
            authorization: 'Bearer wrong',
          },
        ),
    ],
  ])('checks the token before the request: a wrong token with %s gets 401', async (_name, make) => {
    const response = await sendIngest(make());
    await expectProblem(response, 401, 'unauthorized');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });
});

describe('POST /api/platform/agreements: validation', () => {
  const { buyer: _buyer, ...withoutBuyer } = newItem();

  type BodyCase = [name: string, makeBody: () => unknown];
  const invalid: BodyCase[] = [
    ['0 items', () => ({ items: [] })],
    ['101 items', () => ({ items: Array.from({ length: 101 }, () => newItem()) })],
    ['no items field', () => ({})],
    ['a bare array of items', () => [newItem()]],
    ['an unknown top-level field', () => ({ items: [newItem()], dryRun: true })],
    ['a negative amount', () => ({ items: [newItem({ amount: -1 })] })],
    ['a fractional amount', () => ({ items: [newItem({ amount: 100.5 })] })],
    ['an amount as a string', () => ({ items: [newItem({ amount: '960000' })] })],
    ['an amount past the safe integers', () => ({ items: [newItem({ amount: 2 ** 53 })] })],
    ['a lower-case currency', () => ({ items: [newItem({ currency: 'gbp' })] })],
    ['a four-letter currency', () => ({ items: [newItem({ currency: 'GBPX' })] })],
    ['closedAt as words', () => ({ items: [newItem({ closedAt: 'last tuesday' })] })],
    [
      'closedAt without an offset',
      () => ({ items: [newItem({ closedAt: '2026-03-01T10:00:00' })] }),
    ],
    ['closedAt on 30 February', () => ({ items: [newItem({ closedAt: '2026-02-30T10:00:00Z' })] })],
    ['a missing buyer', () => ({ items: [{ ...withoutBuyer, platformId: newItem().platformId }] })],
    ['a blank buyer', () => ({ items: [newItem({ buyer: '  ' })] })],
    ['a numeric lot id', () => ({ items: [newItem({ lotId: 12 })] })],
    ['an unknown extra field on an item', () => ({ items: [newItem({ reserve: 5 })] })],
    [
      'a NUL in the lot title',
      () => ({ items: [newItem({ lotTitle: 'Omega\u0000Speedmaster' })] }),
    ],
    ['a C1 control inside the buyer', () => ({ items: [newItem({ buyer: 'Paddle\u00857' })] })],
    ['a newline inside the platform id', () => ({ items: [newItem({ platformId: 'p\n7' })] })],
    ['an escape sequence in the lot id', () => ({ items: [newItem({ lotId: '\u001b[2Jlot' })] })],
    ['a DEL in the platform id', () => ({ items: [newItem({ platformId: 'plat\u007f1' })] })],
    [
      'one bad item after good ones',
      () => ({ items: [newItem(), newItem(), newItem({ currency: 'euro' })] }),
    ],
    [
      'closedAt with a 25-hour offset',
      () => ({ items: [newItem({ closedAt: '2026-03-01T10:00:00+25:00' })] }),
    ],
    // A well-formed ISO date-time the database cannot store: refused as input, not a 500.
    ['closedAt in year 0000', () => ({ items: [newItem({ closedAt: '0000-01-01T00:00:00Z' })] })],
    ['a JSON null', () => null],
    ['an empty body', () => ''],
    ['malformed JSON', () => '{"items": ['],
  ];

  it.each(invalid)('%s -> 400 bad_request, nothing written', async (_name, makeBody) => {
    const body = makeBody();
    const before = await agreementCount();
    const response = await sendIngest(ingestRequest(body));
    await expectProblem(response, 400, 'bad_request');
    expect(await agreementCount()).toBe(before);
  });

  it('says which field is wrong', async () => {
    const response = await sendIngest(
      ingestRequest({ items: [newItem(), newItem({ currency: 'eur' })] }),
    );
    const body = await expectProblem(response, 400, 'bad_request');
    expect(body.error.message).toContain('items.1.currency');
  });
});

describe('POST /api/platform/agreements: request guards', () => {
  const oneMiB = 1024 * 1024;

  it.each<[string, number, string, () => NextRequest]>([
    [
      'a body over 64 KiB',
      413,
      'payload_too_large',
      () => ingestRequest({ items: [newItem({ lotTitle: 'x'.repeat(66_000) })] }),
    ],
    [
      'a body of 1 MiB with a lying Content-Length: 40',
      413,
      'payload_too_large',
      () =>
        ingestRequest(
          { items: [newItem({ lotTitle: 'x'.repeat(oneMiB) })] },
          {
            'content-length': '40',
          },
        ),
    ],
    [
      'a small body declaring Content-Length: 1 MiB',
      413,
      'payload_too_large',
      () => ingestRequest({ items: [newItem()] }, { 'content-length': String(oneMiB) }),
    ],
    [
      'Content-Type: text/plain',
      403,
      'forbidden',
      () => ingestRequest({ items: [newItem()] }, { 'content-type': 'text/plain' }),
    ],
    [
      'Content-Type: application/x-www-form-urlencoded',
      403,
      'forbidden',
      () =>
        ingestRequest(
          { items: [newItem()] },
          {
            'content-type': 'application/x-www-form-urlencoded',
          },
        ),
    ],
    [
      'no Content-Type',
      403,
      'forbidden',
      // Bytes, so that the request implies no type either (a string body is text/plain).
      () =>
        ingestRequest(new TextEncoder().encode(JSON.stringify({ items: [newItem()] })), {
          'content-type': undefined,
        }),
    ],
  ])('%s -> %i %s, nothing written', async (_name, status, code, make) => {
    const request = make();
    const before = await agreementCount();
    await expectProblem(await sendIngest(request), status, code);
    expect(await agreementCount()).toBe(before);
  });

  it('accepts Content-Type: application/json; charset=utf-8', async () => {
    const item = newItem();
    const response = await sendIngest(
      ingestRequest({ items: [item] }, { 'content-type': 'application/json; charset=utf-8' }),
    );
    expect(response.status).toBe(200);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });
});
