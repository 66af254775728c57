import 'server-only';
import { count, eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { ingestItemFactory } from '@/testing/server/agreements-requests';

// What the platform ingest's example tests (platform-ingest-api.*.test.ts) share: the file's own
// in-memory PGlite, items no other test sends, and the stored agreements to count.

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Registers the file's hooks: the database opened, then closed. */
export function platformIngestFixture() {
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

  /** A valid item with a platform id no other test uses. */
  const newItem = ingestItemFactory('plat-', {
    auctionId: 'london-watches-2026',
    lotTitle: 'Omega Speedmaster',
    amount: 960_000,
    currency: 'GBP',
    closedAt: '2026-03-01T10:00:00+02:00',
  });

  async function agreementCount(): Promise<number> {
    const [row] = await db.select({ value: count() }).from(schema.agreements);
    return row!.value;
  }

  async function rowsFor(platformId: string) {
    return db.select().from(schema.agreements).where(eq(schema.agreements.platformId, platformId));
  }

  return { db: () => db, schema: () => schema, newItem, agreementCount, rowsFor };
}
