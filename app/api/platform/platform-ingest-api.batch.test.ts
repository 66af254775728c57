/** @jest-environment node */
// POST /api/platform/agreements through its route handler, on a real in-memory PGlite database:
// a valid batch answered and stored as the contract says, idempotent on platformId.
import '@/testing/server/memory-database-env';
import { inArray } from 'drizzle-orm';
import {
  agreementsApi,
  ingestRequest,
  sendIngest,
  type IngestAnswer,
} from '@/testing/server/agreements-requests';
import { isoPattern, platformIngestFixture, uuidPattern } from './platform-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { db, schema, newItem, agreementCount, rowsFor } = platformIngestFixture();
const { ingestOk } = agreementsApi();

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
    const rows = await db()
      .select()
      .from(schema().agreements)
      .where(
        inArray(
          schema().agreements.platformId,
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
