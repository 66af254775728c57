/** @jest-environment node */
// The catalogue ingest's concurrency on a real PostgreSQL server (READ COMMITTED, a pool of
// connections), with requests really in flight together: what PGlite, one transaction at a time,
// cannot show. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import {
  lotItemFactory,
  lotsRequest,
  sendLots,
  type LotIngestAnswer,
} from '@/testing/server/sales-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

// Unique per run, so the file also passes against a database that an earlier run left behind.
const run = randomUUID().slice(0, 8);
let sales = 0;
const newSale = () => {
  sales += 1;
  return lotItemFactory(`pg-${run}-${sales}`);
};

let schema: Schema;
let connection: Connection;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  const handle = await connection.databaseHandle();
  expect(handle.kind).toBe('postgres');
  db = handle.db;
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

/** Sends every batch at once; answers each status and body in the order given. */
async function together(batches: unknown[][]) {
  return Promise.all(
    batches.map(async (items) => {
      const response = await sendLots(lotsRequest({ items }));
      return { status: response.status, body: (await response.json()) as LotIngestAnswer };
    }),
  );
}

async function lotsOf(auctionId: string) {
  return db.select().from(schema.lots).where(eq(schema.lots.auctionId, auctionId));
}

describe('simultaneous catalogue ingests on PostgreSQL', () => {
  it('create each lot once: one call counts them, the others find them', async () => {
    const lot = newSale();
    const items = Array.from({ length: 20 }, () => lot());
    const answers = await together(Array.from({ length: 8 }, () => items));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.map((answer) => answer.body.created).sort((a, b) => a - b)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 20,
    ]);
    expect(answers.every((answer) => answer.body.updated === 0)).toBe(true);
    expect(await lotsOf(items[0]!.auctionId)).toHaveLength(20);
  });

  it('never deadlock when they update the same lots in opposite orders', async () => {
    const lot = newSale();
    const items = Array.from({ length: 10 }, () => lot());
    await together([items]);
    const batches = Array.from({ length: 8 }, (_, call) => {
      const edited = items.map((item) => ({ ...item, lotTitle: `${item.lotTitle} v${call}` }));
      return call % 2 === 0 ? edited : edited.reverse();
    });
    const answers = await together(batches);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // Each call saw the one before it: every call changed all ten lots, none lost its write.
    expect(answers.map((answer) => answer.body.updated)).toEqual(answers.map(() => 10));
    // The last call's batch is stored whole, not a mix of two calls.
    const rows = await lotsOf(items[0]!.auctionId);
    expect(new Set(rows.map((row) => row.lotTitle.split(' ').at(-1))).size).toBe(1);
  });

  it('lose no update when each changes another lot of one sale', async () => {
    const lot = newSale();
    const items = Array.from({ length: 8 }, () => lot());
    await together([items]);
    const answers = await together(items.map((item) => [{ ...item, lotTitle: 'Revised' }]));
    expect(answers.map((answer) => answer.body.updated)).toEqual(items.map(() => 1));
    const rows = await lotsOf(items[0]!.auctionId);
    expect(rows.map((row) => row.lotTitle)).toEqual(items.map(() => 'Revised'));
  });

  it('give one free lot number to one new lot only: the others get 409, never 500', async () => {
    const lot = newSale();
    const contenders = Array.from({ length: 6 }, () => [lot({ lotNumber: 500 })]);
    const answers = await together(contenders);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await lotsOf(contenders[0]![0]!.auctionId)).toHaveLength(1);
  });
});
