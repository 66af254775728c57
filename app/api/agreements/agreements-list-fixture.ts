import 'server-only';
import type { Agreement, AgreementList } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

// What the back office list's tests (agreements-list.*.test.ts) share: the file's own in-memory
// PGlite, a clerk signed in, the list as she calls it, and a walk through every page of a query.

type Connection = typeof import('@/lib/server/db/connection');

export const item = ingestItemFactory('list-', {
  auctionId: 'geneva-watches-2026',
  lotTitle: 'Wristwatch',
  amount: 100_000,
  currency: 'CHF',
  closedAt: '2026-03-02T18:30:00Z',
});

/** Registers the file's hooks: the database opened and Lena (a clerk) signed in; then closed. */
export function agreementsListFixture() {
  let connection: Connection;
  let db: Database;
  let staff: string;

  const api = agreementsApi(() => staff);

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    db = await connection.database();
    staff = await staffSignedIn(db, { loginId: 'lena', displayName: 'Lena' });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  async function listOk(query: string): Promise<AgreementList> {
    const response = await api.list(query);
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

  return { ...api, db: () => db, listOk, walk };
}
