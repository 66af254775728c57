/** @jest-environment node */
// The embedded database's statistics refresh, on a real in-memory PGlite.
import '@/testing/server/memory-database-env';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/server/db/database';

let handle: DatabaseHandle;
let refresh: typeof import('@/lib/server/db/planner-statistics').refreshPlannerStatistics;
let ingest: typeof import('./ingest').ingestAgreements;

beforeAll(async () => {
  handle = await (await import('@/lib/server/db/connection')).databaseHandle();
  ({ refreshPlannerStatistics: refresh } = await import('@/lib/server/db/planner-statistics'));
  ({ ingestAgreements: ingest } = await import('./ingest'));
});

afterAll(() => handle.close());

async function estimatedRows(): Promise<number> {
  const result = await handle.db.execute(
    sql`select reltuples from pg_class where relname = 'agreements'`,
  );
  return Number((result as unknown as { rows: { reltuples: number }[] }).rows[0]!.reltuples);
}

async function ingestRows(count: number, from: number) {
  const items = Array.from({ length: count }, (_, index) => ({
    platformId: `stats-${from + index}`,
    auctionId: 'sale',
    lotId: `lot-${from + index}`,
    lotTitle: 'A lot',
    buyer: 'Paddle 1',
    amount: 100,
    currency: 'EUR',
    closedAt: '2026-11-21T10:00:00Z',
  }));
  for (let start = 0; start < items.length; start += 100)
    await ingest(handle.db, items.slice(start, start + 100));
}

it('analyses only once 500 rows were written since the last time', async () => {
  expect(await estimatedRows()).toBe(-1);
  await ingestRows(300, 0);
  await refresh(handle, 300);
  expect(await estimatedRows()).toBe(-1);
  await ingestRows(300, 300);
  await refresh(handle, 300);
  expect(await estimatedRows()).toBe(600);
});

it('analyses at start whatever was written', async () => {
  await ingestRows(100, 600);
  await refresh(handle, 'start');
  expect(await estimatedRows()).toBe(700);
});

it('leaves PostgreSQL to its own autovacuum', async () => {
  await ingestRows(100, 700);
  await refresh({ ...handle, kind: 'postgres' }, 'start');
  expect(await estimatedRows()).toBe(700);
});
