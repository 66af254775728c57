/** @jest-environment node */
// The agreements API's decisions on a real PostgreSQL server (READ COMMITTED, a pool of
// connections), through the route handlers with requests really in flight together: what PGlite,
// one transaction at a time, cannot show (ADR 0005). Racing decisions, histories read while
// decisions commit, and the append-only log. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { count, inArray, sql } from 'drizzle-orm';
import type { Agreement, AgreementHistory } from '@/lib/agreements/agreement';
import { ids } from './agreements-api-fixture';
import { agreementsPostgresFixture } from './agreements-postgres-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

const { staff, db, schema, newItems, ingest, historyOk, decide, logCount } =
  agreementsPostgresFixture();

describe('simultaneous decisions', () => {
  it('20 agreements each decided by 2 sessions at once: 20 wins, 20 conflicts, 20 log entries', async () => {
    const agreements = await ingest(newItems(20));
    const results = await Promise.all(
      agreements.flatMap((agreement) =>
        [staff.alice, staff.bob].map(async (cookie) => {
          const response = await decide(agreement.id, { decision: 'approve', version: 1 }, cookie);
          return { id: agreement.id, status: response.status, body: await response.json() };
        }),
      ),
    );
    for (const agreement of agreements) {
      const outcomes = results.filter((result) => result.id === agreement.id);
      expect(outcomes.map((result) => result.status).sort()).toEqual([200, 409]);
      // The loser waited for the winner's row, found it decided and answers its committed state.
      const winner = outcomes.find((result) => result.status === 200)!.body as Agreement;
      const loser = outcomes.find((result) => result.status === 409)!.body;
      expect(loser).toEqual({
        error: { code: 'conflict', message: expect.any(String) },
        agreement: winner,
      });
      expect(winner).toMatchObject({ status: 'approved', version: 2 });
    }
    expect(await logCount(ids(agreements))).toBe(20);
    const logged = await db()
      .select()
      .from(schema().agreementDecisions)
      .where(inArray(schema().agreementDecisions.agreementId, ids(agreements)));
    for (const agreement of agreements) {
      const winner = results.find((result) => result.id === agreement.id && result.status === 200)!
        .body as Agreement;
      const entries = logged.filter((entry) => entry.agreementId === agreement.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ loginId: winner.decidedBy, versionBefore: 1 });
    }
  });

  it('50 approvals of one agreement at once: exactly one 200, 49 conflicts, one log entry', async () => {
    const [agreement] = await ingest(newItems(1));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        decide(
          agreement!.id,
          { decision: 'approve', version: 1 },
          index % 2 ? staff.bob : staff.alice,
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = (await responses.find((r) => r.status === 200)!.json()) as Agreement;
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(((await response.json()) as { agreement: Agreement }).agreement).toEqual(winner);
    }
    expect(await logCount([agreement!.id])).toBe(1);
    const { agreement: stored, decisions } = await historyOk(agreement!.id);
    expect(stored).toEqual(winner);
    expect(decisions).toEqual([expect.objectContaining({ decidedBy: winner.decidedBy })]);
  });
});

describe('history while decisions commit', () => {
  it('never shows a decided agreement without its log entry, or an entry on a pending one', async () => {
    // 20 rounds: 3 agreements decided at once, each read by 3 readers meanwhile. Small rounds keep
    // the readers inside their transactions (not queued for the pool) when a decision commits.
    const agreements = await ingest(newItems(60));
    const answers: AgreementHistory[] = [];
    // A reader starts before the decision and reads until it has seen its agreement decided.
    const readUntilDecided = async (id: string) => {
      for (let reads = 0; reads < 10_000; reads += 1) {
        const history = await historyOk(id);
        answers.push(history);
        if (history.agreement.status !== 'pending') return;
      }
      throw new Error(`agreement ${id} never showed as decided`);
    };
    const decideOne = async (agreement: Agreement, index: number) => {
      const body =
        index % 2
          ? { decision: 'approve', version: 1 }
          : { decision: 'reject', version: 1, reason: 'Reserve not met' };
      expect((await decide(agreement.id, body, index % 3 ? staff.alice : staff.bob)).status).toBe(
        200,
      );
    };
    for (let round = 0; round < 20; round += 1) {
      const some = agreements.slice(round * 3, round * 3 + 3);
      await Promise.all([
        ...some.flatMap((agreement) => [1, 2, 3].map(() => readUntilDecided(agreement.id))),
        ...some.map((agreement, index) => decideOne(agreement, index)),
      ]);
    }

    expect(answers.some((history) => history.agreement.status === 'pending')).toBe(true);
    for (const { agreement, decisions: entries } of answers) {
      if (agreement.status === 'pending') {
        expect(entries).toEqual([]);
      } else {
        expect(entries).toEqual([
          expect.objectContaining({
            statusAfter: agreement.status,
            decidedBy: agreement.decidedBy,
          }),
        ]);
      }
    }
  });
});

describe('the decision log is append-only on PostgreSQL', () => {
  let agreement: Agreement;
  beforeAll(async () => {
    [agreement] = (await ingest(newItems(1))) as [Agreement];
    const response = await decide(
      agreement.id,
      { decision: 'reject', version: 1, reason: 'Reserve not met' },
      staff.alice,
    );
    expect(response.status).toBe(200);
  });

  /** The database error under drizzle's wrapper. */
  async function rejection(attempt: () => Promise<unknown>): Promise<string> {
    const error: unknown = await attempt().then(
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
    [
      'DELETE of one entry',
      () => sql`delete from agreement_decisions where agreement_id = ${agreement.id}`,
    ],
    ['DELETE of every entry', () => sql`delete from agreement_decisions`],
    ['TRUNCATE', () => sql`truncate agreement_decisions`],
  ])('refuses %s', async (_name, statement) => {
    const before = await db().select().from(schema().agreementDecisions);
    expect(before.length).toBeGreaterThan(0);
    expect(await rejection(() => db().execute(statement()))).toMatch(/append-only/);
    expect(await db().select().from(schema().agreementDecisions)).toEqual(before);
  });

  it('every change of an agreement has exactly one entry: as many entries as versions after the first', async () => {
    // Decisions, first approvals (four-eyes) and reopenings each move the version by one and log
    // one entry, whichever test file made them on this database.
    const { rows } = (await db().execute(sql`
      select a.id, a.status, a.version, count(d.id)::int as entries
      from agreements a left join agreement_decisions d on d.agreement_id = a.id
      group by a.id, a.status, a.version
      having count(d.id) <> a.version - 1
        or (a.status <> 'pending' and count(d.id) = 0)`)) as unknown as {
      rows: unknown[];
    };
    expect(rows).toEqual([]);
    const [decided] = await db()
      .select({ value: count() })
      .from(schema().agreements)
      .where(sql`${schema().agreements.status} <> 'pending'`);
    expect(decided!.value).toBeGreaterThanOrEqual(20 + 1 + 60 + 1);
  });
});
