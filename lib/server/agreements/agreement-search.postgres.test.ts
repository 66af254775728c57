/** @jest-environment node */
// The agreements list on PostgreSQL with 20,000 agreements and the planner's own statistics
// (ANALYZE, no planner switches): a search is served by the trigram index, the orders by their
// b-tree indexes, and search and order mean on PostgreSQL what they mean on PGlite. In a database
// of its own, made for the test and dropped after it. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import type { ListQuery } from './agreement-input';
import type { DatabaseHandle } from '@/lib/server/db/database';

jest.setTimeout(180_000);

type List = typeof import('./list');

const serverUrl = new URL(process.env.DATABASE_URL!);
const name = `gavel_search_${randomUUID().slice(0, 8)}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const rows = 20_000;

let handle: DatabaseHandle;
let list: List;
/** A connection of its own for EXPLAIN, which drizzle does not build. */
let explainer: Pool;

async function onServer(statement: string) {
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const query = (change: Partial<ListQuery> = {}): ListQuery => ({
  status: 'pending',
  sort: 'closedAt',
  limit: 25,
  cursor: undefined,
  ...change,
});

/** The plan PostgreSQL chooses for a query drizzle built, with its parameters bound. */
async function planOf(built: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = built.toSQL();
  const { rows: lines } = await explainer.query<{ 'QUERY PLAN': string }>(
    `explain ${text}`,
    params,
  );
  return lines.map((line) => line['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  await onServer(`create database "${name}"`);
  const { openDatabase, inMemoryDataDir } = await import('@/lib/server/db/database');
  list = await import('./list');
  handle = await openDatabase({ databaseUrl: url.toString(), dataDir: inMemoryDataDir });
  explainer = new Pool({ connectionString: url.toString(), max: 1 });
  // Like the benchmark's catalogue: four kinds of lot, 80 sales of 250, one in 2,000 lots a
  // Fabergé (10 rows); one in 5 decided.
  await handle.db.execute(sql`
    insert into agreements (id, platform_id, auction_id, lot_id, lot_title, buyer, amount, currency, closed_at, status)
    select gen_random_uuid(), 'gen-' || i, 'sale-' || (i / 250), 'lot-' || lpad(i::text, 5, '0'),
      case when i % 2000 = 7 then 'Fabergé egg no. ' || i
        else (array['Patek Philippe ref. 2499', 'Omega Speedmaster', 'Jaguar E-Type', 'Nu couché'])[1 + i % 4] || ' no. ' || i end,
      (array['Paddle', 'Online', 'Phone'])[1 + i % 3] || ' ' || (i % 997),
      10000 + (i * 7919) % 5000000, 'EUR',
      timestamptz '2026-01-01 00:00:00+00' + i * interval '1 minute',
      case when i % 5 = 0 then 'approved' else 'pending' end
    from generate_series(1, ${rows}) as i`);
  // Statistics as autovacuum (or the embedded database's refreshPlannerStatistics) leaves them.
  await handle.db.execute(sql`analyze agreements`);
});

afterAll(async () => {
  await explainer?.end();
  await handle?.close();
  await onServer(`drop database if exists "${name}"`);
});

describe('the plans', () => {
  it.each<[string, Partial<ListQuery>]>([
    ['a rare word without its accent', { q: 'faberge' }],
    ['a rare word and a common one (AND)', { q: 'Fabergé EGG' }],
    ['a lot id', { q: 'lot-01234' }],
    ['a rare word, the largest amount first', { q: 'faberge', sort: '-amount' }],
  ])('%s: the trigram index, for the page and the total', async (_name, change) => {
    const page = await planOf(list.selectAgreementRows(handle.db, query(change), undefined, 26));
    const total = await planOf(list.countAgreementRows(handle.db, query(change)));
    console.info(`q=${change.q} sort=${change.sort ?? 'closedAt'}\n${page}\n--- total\n${total}`);
    for (const plan of [page, total]) {
      expect(plan).toMatch(/Bitmap Index Scan on agreements_search_text_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  it.each<[ListQuery['sort'], RegExp]>([
    ['closedAt', /Index Scan using agreements_status_closed_at_seq_idx/],
    ['-closedAt', /Index Scan Backward using agreements_status_closed_at_seq_idx/],
    ['amount', /Index Scan using agreements_status_amount_seq_idx/],
    ['-amount', /Index Scan Backward using agreements_status_amount_seq_idx/],
  ])('sort=%s pages along its index, after a cursor too, without sorting', async (sort, index) => {
    const first = await list.readAgreements(handle.db, query({ sort }), undefined, 25);
    for (const after of [undefined, first.last!]) {
      const plan = await planOf(list.selectAgreementRows(handle.db, query({ sort }), after, 26));
      expect(plan).toMatch(index);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    }
  });
});

describe('the answers', () => {
  it('finds every word in any field, ignoring case and accents, and counts them', async () => {
    const faberge = await list.listAgreements(handle.db, query({ q: 'FABERGE egg', limit: 100 }));
    // i % 2000 = 7: 10 rows, none a multiple of 5, so all pending.
    expect(faberge.total).toBe(10);
    expect(faberge.items.map((item) => item.lotTitle)).toEqual(
      Array.from({ length: 10 }, (_, k) => `Fabergé egg no. ${k * 2000 + 7}`),
    );
    const couche = await list.listAgreements(handle.db, query({ q: 'COUCHÉ 1999', limit: 5 }));
    expect(couche.items.map((item) => item.lotTitle)).toEqual(
      [1999, 11999, 19991, 19999].map((i) => `Nu couché no. ${i}`),
    );
    const bySale = await list.listAgreements(handle.db, query({ q: 'sale-79', limit: 100 }));
    expect(bySale.total).toBe(200);
    expect(bySale.items.every((item) => item.auctionId === 'sale-79')).toBe(true);
  });

  it('pages the largest amounts first, each once, with the sale filter', async () => {
    const seen: number[] = [];
    let cursor: ListQuery['cursor'];
    for (;;) {
      const batch = await list.readAgreements(
        handle.db,
        query({ sort: '-amount', sale: 'sale-3' }),
        cursor,
        33,
      );
      seen.push(...batch.items.map((item) => item.amount));
      if (batch.items.length < 33) break;
      cursor = batch.last!;
    }
    expect(seen).toHaveLength(200);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });
});
