/** @jest-environment node */
// GET /api/agreements sorted in either direction (contract §12), with keyset pages across ties and
// the total, through the route handler on a real in-memory PGlite database; and the new
// parameters refused without a session.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Agreement, AgreementList, AgreementSort } from '@/lib/agreements/agreement';
import { expectProblem } from '@/testing/server/agreements-requests';
import { ids } from './agreements-api-fixture';
import { agreementsListFixture, item } from './agreements-list-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { db, ingest, list, listOk, walk } = agreementsListFixture();

/** The order a sort promises: its value, then arrival (`seq`, here the ingest order). */
function sorted(agreements: Agreement[], sort: AgreementSort): Agreement[] {
  const arrival = new Map(agreements.map((agreement, index) => [agreement.id, index]));
  const value = (agreement: Agreement) =>
    sort.endsWith('amount') ? agreement.amount : Date.parse(agreement.closedAt);
  const direction = sort.startsWith('-') ? -1 : 1;
  return [...agreements].sort(
    (a, b) => direction * (value(a) - value(b) || arrival.get(a.id)! - arrival.get(b.id)!),
  );
}

/** 24 pending agreements with many equal close times and amounts, in a scrambled arrival order. */
let tied: Agreement[];

beforeAll(async () => {
  tied = await ingest(
    Array.from({ length: 24 }, (_, i) =>
      item({
        // Four close times and three amounts, each shared by several agreements.
        closedAt: new Date(Date.UTC(2026, 2, 2, 18, 30) - ((i * 7) % 4) * 60_000).toISOString(),
        amount: [50_000, 200_000, 75_000][(i * 5) % 3],
      }),
    ),
  );
});

describe('sort', () => {
  it('answers items, nextCursor and total, the lot closed longest ago first by default', async () => {
    const page = await listOk('?limit=5');
    expect(Object.keys(page).sort()).toEqual(['items', 'nextCursor', 'total']);
    expect(page.total).toBe(24);
    expect(ids(page.items)).toEqual(ids(sorted(tied, 'closedAt').slice(0, 5)));
    expect(await listOk('?limit=5&sort=closedAt')).toEqual(page);
  });

  it.each<[AgreementSort, number]>([
    ['closedAt', 5],
    ['-closedAt', 5],
    ['amount', 7],
    ['-amount', 7],
    ['amount', 1],
    ['-closedAt', 100],
  ])('sort=%s, %p a page: every agreement once, in order, across ties', async (sort, limit) => {
    const walked = await walk(`?sort=${sort}&limit=${limit}`);
    expect(ids(walked)).toEqual(ids(sorted(tied, sort)));
  });

  it('refuses a cursor of another sort, one of the earlier format, and an unknown sort', async () => {
    const { nextCursor } = await listOk('?sort=amount&limit=2');
    expect((await listOk(`?sort=amount&limit=2&cursor=${nextCursor}`)).items).toHaveLength(2);
    await expectProblem(await list(`?sort=-amount&cursor=${nextCursor}`), 400, 'bad_request');
    await expectProblem(await list(`?cursor=${nextCursor}`), 400, 'bad_request');
    await expectProblem(await list('?cursor=a1.MTA'), 400, 'bad_request');
    for (const sort of ['desc', 'price', 'closedat', '+amount', '--amount']) {
      await expectProblem(await list(`?sort=${encodeURIComponent(sort)}`), 400, 'bad_request');
    }
  });

  it('pages close times to the microsecond: no row repeated or skipped between rows a µs apart', async () => {
    const sale = `micro-${randomUUID().slice(0, 8)}`;
    const [first] = await ingest([item({ auctionId: sale, closedAt: '2026-01-01T00:00:00.001Z' })]);
    // The platform sends milliseconds; a row written otherwise may carry microseconds.
    for (const [index, closedAt] of [
      '2026-01-01 00:00:00.001001+00',
      '2026-01-01 00:00:00.001002+00',
      '2026-01-01 00:00:00.001+00',
    ].entries()) {
      await db().execute(sql`
        insert into agreements (id, platform_id, auction_id, lot_id, lot_title, buyer, amount, currency, closed_at)
        values (${randomUUID()}, ${`micro-${index}-${sale}`}, ${sale}, ${`lot-µ${index}`}, 'Micro', 'Paddle 1', 1, 'EUR', ${closedAt})`);
    }
    for (const sort of ['closedAt', '-closedAt'] as const) {
      const walked = await walk(`?sale=${sale}&sort=${sort}&limit=1`);
      expect(walked.map((agreement) => agreement.lotId)).toEqual(
        sort === 'closedAt'
          ? [first!.lotId, 'lot-µ2', 'lot-µ0', 'lot-µ1']
          : ['lot-µ1', 'lot-µ0', 'lot-µ2', first!.lotId],
      );
    }
  });

  it('neither skips nor repeats while agreements arrive on both sides of the cursor', async () => {
    const sale = `arrive-${randomUUID().slice(0, 8)}`;
    const before = await ingest(
      Array.from({ length: 12 }, (_, i) => item({ auctionId: sale, amount: 1_000 * (i % 6) })),
    );
    const visited: Agreement[] = [];
    const arrived: Agreement[] = [];
    let cursor: string | null = null;
    do {
      const page: AgreementList = await listOk(
        `?sale=${sale}&sort=amount&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      visited.push(...page.items);
      cursor = page.nextCursor;
      // One below the page just read (behind the pager) and one above it (ahead), with an amount
      // equal to the last one shown (a tie, after it by arrival).
      const last = page.items.at(-1)!;
      arrived.push(
        ...(await ingest([
          item({ auctionId: sale, amount: 0 }),
          item({ auctionId: sale, amount: last.amount }),
        ])),
      );
    } while (cursor !== null);

    expect(new Set(ids(visited)).size).toBe(visited.length);
    expect(ids(visited)).toEqual(expect.arrayContaining(ids(before)));
    const atZero = arrived.filter((agreement) => agreement.amount === 0);
    expect(ids(visited).filter((id) => ids(atZero).includes(id))).toEqual([]);
    // Sorted throughout: amounts never go down.
    const amounts = visited.map((agreement) => agreement.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });
});

describe('signed out', () => {
  it('answers 401 to the new parameters too, before reading them', async () => {
    await expectProblem(await list('?sort=amount&sale=x&q=y', null), 401, 'unauthorized');
    await expectProblem(await list('?sort=nonsense', null), 401, 'unauthorized');
  });
});
