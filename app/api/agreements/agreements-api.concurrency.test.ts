/** @jest-environment node */
// Decisions at once through the agreements API's route handlers, on a real in-memory PGlite
// database: one wins, the log holds the winner only, and the log refuses any change.
import '@/testing/server/memory-database-env';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Agreement } from '@/lib/agreements/agreement';
import { agreementsApiFixture, ids } from './agreements-api-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { staff, db, schema, newItem, ingest, ingestOne, historyOk, decide, logCount } =
  agreementsApiFixture();

describe('simultaneous decisions', () => {
  it('lets exactly one of two staff members approving at once win; the other gets 409', async () => {
    const agreement = await ingestOne();
    const responses = await Promise.all([
      decide(agreement.id, { decision: 'approve', version: 1 }, staff.alice),
      decide(agreement.id, { decision: 'approve', version: 1 }, staff.bob),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as Agreement;
    const loser = (await responses.find((r) => r.status === 409)!.json()) as {
      error: { code: string };
      agreement: Agreement;
    };
    expect(loser.error.code).toBe('conflict');
    expect(loser.agreement).toEqual(winner);
    expect(['alice', 'bob']).toContain(winner.decidedBy);
    expect(await logCount(agreement.id)).toBe(1);
    const { decisions } = await historyOk(agreement.id);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.decidedBy).toBe(winner.decidedBy);
  });

  it('an approve and a reject at once: one wins, the log holds only the winner', async () => {
    const agreement = await ingestOne();
    const responses = await Promise.all([
      decide(agreement.id, { decision: 'reject', version: 1, reason: 'Duplicate lot' }, staff.bob),
      decide(agreement.id, { decision: 'approve', version: 1 }, staff.alice),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as Agreement;
    const { agreement: stored, decisions } = await historyOk(agreement.id);
    expect(stored).toEqual(winner);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.statusAfter).toBe(winner.status);
  });

  it('20 agreements each decided by 2 sessions at once: 20 wins, 20 conflicts, 20 log entries', async () => {
    const agreements = await ingest(Array.from({ length: 20 }, () => newItem()));
    const attempts = agreements.flatMap((agreement) =>
      [staff.alice, staff.bob].map(async (cookie) => {
        const response = await decide(agreement.id, { decision: 'approve', version: 1 }, cookie);
        return { id: agreement.id, status: response.status };
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result.status === 200)).toHaveLength(20);
    expect(results.filter((result) => result.status === 409)).toHaveLength(20);
    for (const agreement of agreements) {
      const outcomes = results.filter((result) => result.id === agreement.id);
      expect(outcomes.map((result) => result.status).sort()).toEqual([200, 409]);
    }
    expect(await logCount(ids(agreements))).toBe(20);
    const rows = await db()
      .select()
      .from(schema().agreements)
      .where(inArray(schema().agreements.id, ids(agreements)));
    expect(rows.every((row) => row.status === 'approved' && row.version === 2)).toBe(true);
  });
});

describe('the decision log is append-only', () => {
  let agreement: Agreement;
  beforeAll(async () => {
    agreement = await ingestOne();
    const response = await decide(agreement.id, {
      decision: 'reject',
      version: 1,
      reason: 'Reserve not met',
    });
    expect(response.status).toBe(200);
  });

  /** The database error under drizzle's wrapper. */
  async function rejection(run: () => Promise<unknown>): Promise<string> {
    const error: unknown = await run().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }

  it.each<[string, () => ReturnType<typeof sql>]>([
    [
      'UPDATE of one entry',
      () =>
        sql`update agreement_decisions set reason = 'rewritten' where agreement_id = ${agreement.id}`,
    ],
    ['UPDATE of every entry', () => sql`update agreement_decisions set login_id = 'nobody'`],
    [
      'DELETE of one entry',
      () => sql`delete from agreement_decisions where agreement_id = ${agreement.id}`,
    ],
    ['DELETE of every entry', () => sql`delete from agreement_decisions`],
    ['TRUNCATE', () => sql`truncate agreement_decisions`],
  ])('refuses %s', async (_name, statement) => {
    const before = await db().select().from(schema().agreementDecisions);
    expect(before.length).toBeGreaterThan(0);
    const message = await rejection(() => db().execute(statement()));
    expect(message).toMatch(/append-only/);
    expect(await db().select().from(schema().agreementDecisions)).toEqual(before);
    expect((await historyOk(agreement.id)).decisions).toEqual([
      expect.objectContaining({ reason: 'Reserve not met', statusAfter: 'rejected' }),
    ]);
  });

  it('refuses an update through drizzle as well', async () => {
    const message = await rejection(() =>
      db()
        .update(schema().agreementDecisions)
        .set({ reason: 'rewritten' })
        .where(eq(schema().agreementDecisions.agreementId, agreement.id)),
    );
    expect(message).toMatch(/append-only/);
  });

  it('still takes new entries', async () => {
    const other = await ingestOne();
    expect((await decide(other.id, { decision: 'approve', version: 1 })).status).toBe(200);
    expect(await logCount(other.id)).toBe(1);
  });
});
