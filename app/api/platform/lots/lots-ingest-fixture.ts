import 'server-only';
import { asc, sql } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { lotItemFactory } from '@/testing/server/sales-requests';

// What the catalogue ingest's example tests (lots-ingest-api.*.test.ts) share: the file's own
// in-memory PGlite, a sale per test, and the stored lots to compare before and after a call.

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

/** A body as raw JSON text, so a lone surrogate travels as the escape a hostile client sends. */
export const rawJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\ud800-\udfff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );

export const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Registers the file's hooks: the database opened, then closed. */
export function lotsIngestFixture() {
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

  let sales = 0;
  /** Items of a sale no other test uses. */
  const newSale = (title?: string) => {
    sales += 1;
    return lotItemFactory(`ingest-sale-${sales}`, title);
  };

  /** Every stored lot, in a stable order: compared before and after a refused call. */
  async function allLots() {
    return db
      .select()
      .from(schema.lots)
      .orderBy(asc(schema.lots.auctionId), asc(schema.lots.lotId));
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

  return { db: () => db, schema: () => schema, newSale, allLots, rowOf };
}
