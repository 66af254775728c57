/** @jest-environment node */
// GET /api/agreements with the back office's additions (contract §12): sale filter, sort in either
// direction with keyset pages across ties, the total, and the search (every word, any of lot
// title, lot id, sale id and buyer, ignoring case and accents), through the route handler on a
// real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Agreement, AgreementList, AgreementSort } from '@/lib/agreements/agreement';
import type { IngestItem } from '@/lib/server/agreements/agreement-input';
import type { Database } from '@/lib/server/db/database';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  staffPassword,
} from '@/testing/server/agreements-requests';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

type Connection = typeof import('@/lib/server/db/connection');

let connection: Connection;
let db: Database;
let staff: string;

const { signIn, ingest, list } = agreementsApi(() => staff);

async function listOk(query: string): Promise<AgreementList> {
  const response = await list(query);
  expect(response.status).toBe(200);
  return (await response.json()) as AgreementList;
}

/** Every page of a query, following nextCursor to the end; checks `total` on every page. */
async function walk(query: string): Promise<Agreement[]> {
  const items: Agreement[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  for (let pages = 0; pages < 1_000; pages += 1) {
    const page = await listOk(cursor === null ? query : `${query}&cursor=${cursor}`);
    total ??= page.total;
    expect(page.total).toBe(total);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) {
      expect(items).toHaveLength(total);
      return items;
    }
  }
  throw new Error('the walk never ended');
}

const ids = (agreements: Agreement[]) => agreements.map((agreement) => agreement.id);

const item = ingestItemFactory('list-', {
  auctionId: 'geneva-watches-2026',
  lotTitle: 'Wristwatch',
  amount: 100_000,
  currency: 'CHF',
  closedAt: '2026-03-02T18:30:00Z',
});

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
  connection = await import('@/lib/server/db/connection');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  db = await connection.database();
  await createAccount(db, {
    loginId: 'lena',
    displayName: 'Lena',
    password: staffPassword,
    role: 'clerk',
  });
  staff = await signIn('lena');
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

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
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
      await db.execute(sql`
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

describe('sale', () => {
  let london: Agreement[];
  let paris: Agreement[];
  beforeAll(async () => {
    london = await ingest(
      Array.from({ length: 5 }, (_, i) =>
        item({ auctionId: 'london-watches-2026', amount: 900 - i, currency: 'GBP' }),
      ),
    );
    paris = await ingest([
      item({ auctionId: 'paris-modern-art-2026' }),
      item({ auctionId: 'london-watches-2026-b' }),
    ]);
  });

  it('lists one sale, counts it, and pages it in any order', async () => {
    const page = await listOk('?sale=london-watches-2026&limit=2');
    expect(page.total).toBe(5);
    expect(ids(await walk('?sale=london-watches-2026&limit=2'))).toEqual(ids(london));
    expect(ids(await walk('?sale=london-watches-2026&sort=amount&limit=2'))).toEqual(
      ids([...london].reverse()),
    );
    expect(ids((await listOk('?sale=paris-modern-art-2026')).items)).toEqual([paris[0]!.id]);
  });

  it('matches the sale id exactly: no prefix, no other case, no pattern', async () => {
    for (const sale of ['london', 'LONDON-WATCHES-2026', 'london-watches-%', 'no-such-sale']) {
      const page = await listOk(`?sale=${encodeURIComponent(sale)}`);
      expect(page).toEqual({ items: [], nextCursor: null, total: 0 });
    }
  });

  it('filters within the status asked', async () => {
    const { decide } = agreementsApi(() => staff);
    expect((await decide(london[0]!.id, { decision: 'approve', version: 1 })).status).toBe(200);
    expect((await listOk('?sale=london-watches-2026')).total).toBe(4);
    const approved = await listOk('?sale=london-watches-2026&status=approved');
    expect(approved.total).toBe(1);
    expect(approved.items[0]).toMatchObject({ id: london[0]!.id, status: 'approved' });
  });

  it('refuses a sale over 100 characters or with a control character', async () => {
    await expectProblem(await list(`?sale=${'s'.repeat(101)}`), 400, 'bad_request');
    await expectProblem(await list('?sale=a%00b'), 400, 'bad_request');
  });
});

describe('q', () => {
  const sale = 'q-sale-new-york-classic-cars-2026';
  /** Agreements by name, each made to be found (or not) by some search. */
  const rows = {
    mustang: { auctionId: sale, lotTitle: '1967 Ford Mustang Fastback' },
    couche: { lotTitle: 'Nu couché', buyer: 'Online 5521' },
    londres: { lotTitle: 'Street scene', buyer: 'Galerie Londrés' },
    percent: { lotTitle: 'Silk scarf 100% qx' },
    percentLookalike: { lotTitle: 'Silk scarf 1000 qx' },
    underscore: { lotTitle: 'Lamp a_b qx' },
    underscoreLookalike: { lotTitle: 'Lamp axb qx' },
    backslash: { lotTitle: 'Print back\\slash qx' },
    acrossFields: { lotId: 'LOT-ÆON-7', lotTitle: 'Brass telescope', buyer: 'Phone 88' },
  } satisfies Record<string, Partial<IngestItem>>;
  type Name = keyof typeof rows;
  const found = {} as Record<Name, Agreement>;

  beforeAll(async () => {
    const names = Object.keys(rows) as Name[];
    const ingested = await ingest(names.map((name) => item(rows[name])));
    names.forEach((name, index) => (found[name] = ingested[index]!));
  });

  const search = async (q: string, more = '') => {
    const page = await listOk(`?q=${encodeURIComponent(q)}${more}`);
    expect(page.total).toBe(page.items.length);
    return ids(page.items);
  };
  const idsOf = (names: Name[]) => names.map((name) => found[name].id);

  it.each<[string, string, Name[]]>([
    ['words in another order', 'Mustang 1967', ['mustang']],
    ['words in another case, spaced out', '  mUSTANG   FORD  ', ['mustang']],
    ['a word repeated', 'mustang mustang', ['mustang']],
    ['the sale id', sale, ['mustang']],
    ['part of the sale id and of the title', 'classic-cars fastback', ['mustang']],
    ['words of the lot id, the title and the buyer at once', 'æon telescope 88', ['acrossFields']],
    ['the lot id without its ligature', 'lot-aeon', ['acrossFields']],
    ['a word without its accent', 'couche', ['couche']],
    ['a word with an accent the row has', 'Couché', ['couche']],
    ['an accent the row lacks', 'Ñu', ['couche']],
    ['an accented buyer found plainly', 'londres', ['londres']],
    ['an accented buyer found in capitals', 'LONDRÉS', ['londres']],
    ['a literal %', '100%', ['percent']],
    ['% alone', '%', ['percent']],
    ['a full-width ％, folded to a literal %', '％', ['percent']],
    ['a literal _', 'a_b', ['underscore']],
    ['_ alone', '_', ['underscore']],
    ['a literal backslash', 'k\\s', ['backslash']],
    ['a pattern of wildcards', '%qx%', []],
    ['one word matching nothing', 'mustang zebra', []],
    ['a word spanning two fields', 'fastback1967', []],
  ])('%s', async (_name, q, expected) => {
    expect(await search(q)).toEqual(idsOf(expected));
  });

  it('pages a search in any order, with its total', async () => {
    const scarves = idsOf([
      'percent',
      'percentLookalike',
      'underscore',
      'underscoreLookalike',
      'backslash',
    ]);
    expect(ids(await walk('?q=qx&limit=2'))).toEqual(scarves);
    expect(ids(await walk('?q=QX&sort=-closedAt&limit=2'))).toEqual([...scarves].reverse());
    expect((await listOk('?q=qx&limit=1')).total).toBe(5);
  });

  it('combines the search with the sale and the status', async () => {
    expect(await search('mustang', `&sale=${sale}`)).toEqual(idsOf(['mustang']));
    expect(await search('mustang', '&sale=geneva-watches-2026')).toEqual([]);
    expect(await search('mustang', '&status=approved')).toEqual([]);
  });
});

describe('signed out', () => {
  it('answers 401 to the new parameters too, before reading them', async () => {
    await expectProblem(await list('?sort=amount&sale=x&q=y', null), 401, 'unauthorized');
    await expectProblem(await list('?sort=nonsense', null), 401, 'unauthorized');
  });
});
