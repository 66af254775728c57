import 'server-only';
import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the agreements API's PostgreSQL tests (agreements-*.postgres.test.ts) share: the server's
// database, two staff members signed in, and the API as Alice calls it. Everything is named per
// run, so a file also passes against a database that an earlier run left behind.

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

/** Registers the file's hooks: the database opened, Alice and Bob signed in; then closed. */
export function agreementsPostgresFixture() {
  const run = randomUUID().slice(0, 8);
  let schema: Schema;
  let connection: Connection;
  let db: Database;
  /** Session cookies of two staff members. */
  const staff = { alice: '', bob: '' };

  // Lists and histories are read as Alice.
  const api = agreementsApi(() => staff.alice);
  const newItem = ingestItemFactory(`pg-${run}-`);
  const newItems = (length: number) => Array.from({ length }, () => newItem());

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    schema = await import('@/lib/server/db/schema');
    const handle = await connection.databaseHandle();
    expect(handle.kind).toBe('postgres');
    db = handle.db;
    staff.alice = await staffSignedIn(db, { loginId: `alice-${run}`, displayName: 'Alice Martin' });
    staff.bob = await staffSignedIn(db, { loginId: `bob-${run}`, displayName: 'Bob Stone' });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  async function logCount(ids: string[]): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(schema.agreementDecisions)
      .where(inArray(schema.agreementDecisions.agreementId, ids));
    return row!.value;
  }

  return { ...api, staff, db: () => db, schema: () => schema, newItems, logCount };
}
