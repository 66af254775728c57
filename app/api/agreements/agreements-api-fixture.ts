import 'server-only';
import { count, inArray } from 'drizzle-orm';
import type { Agreement, AgreementPage } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the agreements API's example tests (agreements-api.*.test.ts) share: the database, two
// staff members signed in, the API as Alice calls it, and the checks of what was ingested.

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const ids = (agreements: Agreement[]) => agreements.map((agreement) => agreement.id);

/** An agreement as the list shows it: with its lot's context (§14), here a lot the catalogue lacks. */
export const listed = (agreement: Agreement) => ({
  ...agreement,
  saleTitle: null,
  lotNumber: null,
  flags: { open: 0, escalated: 0, cleared: 0 },
});

/** Registers the file's hooks: the database opened, Alice and Bob signed in, then closed. */
export function agreementsApiFixture() {
  let schema: Schema;
  let connection: Connection;
  let db: Database;
  /** Session cookies of two staff members. */
  const staff = { alice: '', bob: '' };

  // A call given no cookie is Alice's.
  const api = agreementsApi(() => staff.alice);
  const newItem = ingestItemFactory('api-');

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    schema = await import('@/lib/server/db/schema');
    db = await connection.database();
    staff.alice = await staffSignedIn(db, { loginId: 'alice', displayName: 'Alice Martin' });
    staff.bob = await staffSignedIn(db, { loginId: 'bob', displayName: 'Bob Stone' });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  async function ingestOne(change: Record<string, unknown> = {}): Promise<Agreement> {
    return (await api.ingest([newItem(change)]))[0]!;
  }

  async function logCount(agreementIds: string | string[]): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(schema.agreementDecisions)
      .where(inArray(schema.agreementDecisions.agreementId, [agreementIds].flat()));
    return row!.value;
  }

  /** The agreement is exactly as ingested: pending, version 1, no decision, nothing logged. */
  async function expectUntouched(agreement: Agreement) {
    const now = await api.historyOk(agreement.id);
    expect(now.agreement).toEqual(agreement);
    expect(now.agreement).toMatchObject({ status: 'pending', version: 1, decidedAt: null });
    expect(now.decisions).toEqual([]);
    expect(await logCount(agreement.id)).toBe(0);
  }

  /** Every page of a query, following nextCursor to the end. */
  async function allPages(query: string): Promise<Agreement[]> {
    const items: Agreement[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 1_000; pages += 1) {
      const separator = query ? '&' : '?';
      const page: AgreementPage = await api.listOk(
        cursor === null ? query : `${query}${separator}cursor=${encodeURIComponent(cursor)}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
      if (cursor === null) return items;
    }
    throw new Error('the pager never ended');
  }

  return {
    ...api,
    staff,
    db: () => db,
    schema: () => schema,
    newItem,
    ingestOne,
    logCount,
    expectUntouched,
    allPages,
  };
}
