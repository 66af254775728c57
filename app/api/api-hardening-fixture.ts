import 'server-only';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the hardening tests (api-hardening.*.test.ts) share: the file's own in-memory PGlite, a
// clerk signed in, and the row counts a refused request must leave as they were.

export const origin = 'http://localhost:3000';
export const loneSurrogates = ['x\udc00\udc00', '\ud800', 'a\udbffb', 'nul\u0000here'];
export const item = ingestItemFactory('hardening-');

/** A body as raw JSON text, so a lone surrogate travels as the escape a hostile client sends. */
export const rawJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\ud800-\udfff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );

/** Registers the file's hooks: the database opened and Hilda (a clerk) signed in; then closed. */
export function hardeningFixture() {
  let db: Database;
  let cookie: string;
  const api = agreementsApi(() => cookie);

  beforeAll(async () => {
    const { database } = await import('@/lib/server/db/connection');
    db = await database();
    cookie = await staffSignedIn(db, { loginId: 'hilda', displayName: 'Hilda' });
  });

  afterAll(async () => {
    const { databaseHandle } = await import('@/lib/server/db/connection');
    // A test may have closed it on purpose (the database going away).
    await (await databaseHandle()).close().catch(() => undefined);
  });

  async function rowCounts() {
    const { agreementDecisions, agreements, sessions, signInFailures } =
      await import('@/lib/server/db/schema');
    return {
      agreements: await db.$count(agreements),
      decisions: await db.$count(agreementDecisions),
      failures: await db.$count(signInFailures),
      sessions: await db.$count(sessions),
    };
  }

  return { ...api, cookie: () => cookie, rowCounts };
}
