import 'server-only';
import { salesApi } from '@/testing/server/sales-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the sale reads' example tests (sales-api.*.test.ts) share: the file's own in-memory
// PGlite, a clerk signed in, and the reads as the clerk calls them.

type Connection = typeof import('@/lib/server/db/connection');

/** Registers the file's hooks: the database opened and Clara (a clerk) signed in; then closed. */
export function salesFixture() {
  let connection: Connection;
  /** A staff member's session cookie: every call given no cookie carries it. */
  let clerk: string;

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    clerk = await staffSignedIn(await connection.database(), {
      loginId: 'clara',
      displayName: 'Clara',
    });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  return { clerk: () => clerk, ...salesApi(() => clerk) };
}
