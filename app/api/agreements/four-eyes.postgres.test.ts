/** @jest-environment node */
// Four-eyes approval under real concurrency on PostgreSQL (READ COMMITTED, a pool): second
// approvals, first approvals and bulk decisions racing on the same agreements. Exactly one of
// them wins each step; the row lock in decideAgreement is what PGlite alone cannot show.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { agreementsApi, ingestItemFactory } from '@/testing/server/agreements-requests';
import { staffSignedIn } from '@/testing/server/staff-fixture';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;
delete process.env.APPROVAL_THRESHOLDS;

jest.setTimeout(120_000);

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

const run = randomUUID().slice(0, 8);
let schema: Schema;
let connection: Connection;
let db: Database;
const cookies: Record<string, string> = {};
const staff: Record<string, Role> = {
  clerk1: 'clerk',
  clerk2: 'clerk',
  sup1: 'supervisor',
  sup2: 'supervisor',
  admin1: 'admin',
};

const { ingest, historyOk, decide, decideMany } = agreementsApi(() => cookies.clerk1!);
// USD 100,000.00 and up: two approvals under the default threshold.
const newItem = ingestItemFactory(`pg-four-eyes-${run}-`, {
  auctionId: `four-eyes-${run}`,
  lotTitle: 'Racing lot',
  amount: 10_000_000,
  currency: 'USD',
  closedAt: '2026-03-02T18:30:00Z',
});

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  const handle = await connection.databaseHandle();
  expect(handle.kind).toBe('postgres');
  db = handle.db;
  for (const [name, role] of Object.entries(staff)) {
    cookies[name] = await staffSignedIn(db, { loginId: `${name}-${run}`, displayName: name, role });
  }
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const approve = (agreement: Agreement, name: string) =>
  decide(agreement.id, { decision: 'approve', version: agreement.version }, cookies[name]!);

async function logEntries(ids: string[]) {
  return db
    .select()
    .from(schema.agreementDecisions)
    .where(inArray(schema.agreementDecisions.agreementId, ids));
}

describe('concurrent four-eyes approvals', () => {
  it('three second approvals at once on each of 10 agreements: one approves, two conflict', async () => {
    const agreements = await ingest(Array.from({ length: 10 }, () => newItem()));
    const firsts: Agreement[] = [];
    for (const agreement of agreements) {
      const response = await approve(agreement, 'clerk1');
      expect(response.status).toBe(200);
      firsts.push((await response.json()) as Agreement);
    }
    const results = await Promise.all(
      firsts.flatMap((first) =>
        ['sup1', 'sup2', 'admin1'].map(async (name) => {
          const response = await approve(first, name);
          return { id: first.id, status: response.status, body: await response.json() };
        }),
      ),
    );
    for (const first of firsts) {
      const outcomes = results.filter((result) => result.id === first.id);
      expect(outcomes.map((result) => result.status).sort()).toEqual([200, 409, 409]);
      const winner = outcomes.find((result) => result.status === 200)!.body as Agreement;
      expect(winner).toMatchObject({ status: 'approved', version: 3 });
      expect(winner.approvals).toHaveLength(2);
      for (const loser of outcomes.filter((result) => result.status === 409))
        expect(loser.body).toMatchObject({ error: { code: 'conflict' }, agreement: winner });
      expect((await historyOk(first.id)).agreement).toEqual(winner);
    }
    const entries = await logEntries(agreements.map((agreement) => agreement.id));
    expect(entries).toHaveLength(20);
  });

  it('two clerks giving the first approval at once: one is recorded, the other conflicts', async () => {
    const agreements = await ingest(Array.from({ length: 10 }, () => newItem()));
    const results = await Promise.all(
      agreements.flatMap((agreement) =>
        ['clerk1', 'clerk2'].map(async (name) => ({
          id: agreement.id,
          status: (await approve(agreement, name)).status,
        })),
      ),
    );
    for (const agreement of agreements) {
      const statuses = results.filter((result) => result.id === agreement.id).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      const { agreement: stored, decisions } = await historyOk(agreement.id);
      expect(stored).toMatchObject({ status: 'pending', version: 2 });
      expect(stored.approvals).toHaveLength(1);
      expect(decisions).toHaveLength(1);
    }
  });

  it('a bulk approval racing single approvals: every agreement gets exactly one approval per version', async () => {
    const agreements = await ingest(Array.from({ length: 30 }, () => newItem()));
    const items = agreements.map(({ id, version }) => ({ id, version }));
    const [bulk, ...singles] = await Promise.all([
      decideMany({ decision: 'approve', items }, cookies.sup1!),
      ...agreements.map((agreement) => approve(agreement, 'sup2')),
    ]);
    expect(bulk!.status).toBe(200);
    const { results } = (await bulk!.json()) as { results: { id: string; status: number }[] };
    for (const [index, agreement] of agreements.entries()) {
      const statuses = [results[index]!.status, singles[index]!.status].sort();
      expect(statuses).toEqual([200, 409]);
      const { agreement: stored, decisions } = await historyOk(agreement.id);
      expect(stored).toMatchObject({ status: 'pending', version: 2 });
      expect(decisions).toHaveLength(1);
    }
  });
});
