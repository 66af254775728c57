/** @jest-environment node */
// The agreements API's concurrency design on a real PostgreSQL server (READ COMMITTED, a pool of
// connections), through the route handlers with requests really in flight together: what PGlite,
// one transaction at a time, cannot show (ADR 0005). Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, count, inArray, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import type { Agreement, AgreementHistory, AgreementPage } from '@/lib/agreements/agreement';
import type { Database, DatabaseHandle } from '@/lib/server/db/database';
import {
  agreementsApi,
  ingestItemFactory,
  staffPassword,
} from '@/testing/server/agreements-requests';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

jest.setTimeout(120_000);

type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');
type DatabaseModule = typeof import('@/lib/server/db/database');

const databaseUrl = process.env.DATABASE_URL!;
// Unique per run, so the file also passes against a database that an earlier run left behind.
const run = randomUUID().slice(0, 8);

let schema: Schema;
let connection: Connection;
let databaseModule: DatabaseModule;
let db: Database;
/** Session cookies of two staff members. */
let alice: string;
let bob: string;

// Lists and histories are read as Alice.
const { signIn, ingest, listOk, historyOk, decide } = agreementsApi(() => alice);
const newItem = ingestItemFactory(`pg-${run}-`);
const newItems = (length: number) => Array.from({ length }, () => newItem());

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  databaseModule = await import('@/lib/server/db/database');
  schema = await import('@/lib/server/db/schema');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  const handle = await connection.databaseHandle();
  expect(handle.kind).toBe('postgres');
  db = handle.db;
  await createAccount(db, {
    loginId: `alice-${run}`,
    displayName: 'Alice Martin',
    password: staffPassword,
    role: 'clerk',
  });
  await createAccount(db, {
    loginId: `bob-${run}`,
    displayName: 'Bob Stone',
    password: staffPassword,
    role: 'clerk',
  });
  alice = await signIn(`alice-${run}`);
  bob = await signIn(`bob-${run}`);
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

async function logCount(ids: string[]): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(schema.agreementDecisions)
    .where(inArray(schema.agreementDecisions.agreementId, ids));
  return row!.value;
}

const ids = (agreements: Agreement[]) => agreements.map((agreement) => agreement.id);

/** The committed migrations, from drizzle-kit's journal. */
function journalEntries(): number {
  const journal = join(databaseModule.migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

async function appliedMigrations(database: Database): Promise<number> {
  const { rows } = (await database.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number }[] };
  return rows[0]!.applied;
}

/**
 * Drops a database once its connections are gone. `pool.end()` resolves before its sockets close,
 * and `drop database … with (force)` would kill them while they close, an error event on a pool
 * that no one listens to.
 */
async function dropDatabase(admin: Pool, name: string) {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const { rows } = await admin.query<{ connected: number }>(
      'select count(*)::int as connected from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]!.connected === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await admin.query(`drop database ${name}`);
}

// ---- tests ----

describe('migrations on PostgreSQL', () => {
  it('applied every committed migration once, the append-only trigger included', async () => {
    expect(await appliedMigrations(db)).toBe(journalEntries());
    const { rows } = (await db.execute(
      sql`select tgname from pg_trigger where tgrelid = 'agreement_decisions'::regclass and not tgisinternal`,
    )) as unknown as { rows: { tgname: string }[] };
    expect(rows).toEqual([{ tgname: 'agreement_decisions_append_only' }]);
  });

  it('three instances opening one fresh database at once all succeed; each migration applies once', async () => {
    const name = `gavel_migrate_${run}`;
    const admin = new Pool({ connectionString: databaseUrl, max: 1 });
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const opened = await Promise.allSettled(
      [1, 2, 3].map(() =>
        databaseModule.openDatabase({
          databaseUrl: url.toString(),
          dataDir: databaseModule.inMemoryDataDir,
        }),
      ),
    );
    try {
      expect(opened.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      for (const result of opened as PromiseFulfilledResult<DatabaseHandle>[]) {
        expect(result.value.kind).toBe('postgres');
        expect(await appliedMigrations(result.value.db)).toBe(journalEntries());
      }
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await dropDatabase(admin, name);
      await admin.end();
    }
  });
});

describe('the connection pool', () => {
  it('survives the server ending its idle connections, and answers on the next call', async () => {
    // Fill the pool with idle connections, then have the server end all of them.
    await Promise.all(Array.from({ length: 5 }, () => db.execute(sql`select pg_sleep(0.05)`)));
    const admin = new Pool({ connectionString: databaseUrl, max: 1 });
    try {
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Without an 'error' listener on the pool, the ended idle clients crash the process here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await db.execute(sql`select 1 as one`);
    expect((answer as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
  });
});

describe('simultaneous decisions', () => {
  it('20 agreements each decided by 2 sessions at once: 20 wins, 20 conflicts, 20 log entries', async () => {
    const agreements = await ingest(newItems(20));
    const results = await Promise.all(
      agreements.flatMap((agreement) =>
        [alice, bob].map(async (cookie) => {
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
    const logged = await db
      .select()
      .from(schema.agreementDecisions)
      .where(inArray(schema.agreementDecisions.agreementId, ids(agreements)));
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
        decide(agreement!.id, { decision: 'approve', version: 1 }, index % 2 ? bob : alice),
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

describe('paging while the platform ingests', () => {
  // Ingests that run side by side commit in the order they took their `seq`, unless one is
  // slower: this test-only trigger holds each insert a random 0 to 100 ms before its commit (a
  // larger batch, a busier instance), so that without the ingest lock a later `seq` would often
  // commit first, and a walk at the newest agreement would step over the earlier ones.
  beforeAll(async () => {
    await db.execute(sql`
      create function test_ingest_jitter() returns trigger language plpgsql as $$
      begin perform pg_sleep(random() * 0.1); return null; end $$`);
    await db.execute(sql`
      create trigger test_ingest_jitter after insert on agreements
      for each statement execute function test_ingest_jitter()`);
  });
  afterAll(async () => {
    await db.execute(sql`drop trigger test_ingest_jitter on agreements`);
    await db.execute(sql`drop function test_ingest_jitter()`);
  });

  it('limit-7 walks during 20 ingests of 10 from 5 senders at once visit each agreement once, in seq order', async () => {
    // 20 batches of 10 from 5 senders at once, 4 batches each: 5 ingests in flight at a time, which
    // leaves the walks connections of the pool (10) they share in this one process.
    const senders = Array.from({ length: 5 }, () => Array.from({ length: 4 }, () => newItems(10)));
    // True until the last ingest has answered; the walks start before the first one is sent.
    let ingesting = true;

    // A walk keeps the last cursor the API gave. A page without a next cursor is the end for now:
    // while ingests may still come, the walk asks again from that cursor (the same page, and
    // whatever has arrived since) until a page asked after the last ingest answered ends it.
    // Only pages with a next cursor move the walk forward.
    const walk = async (reachedEnd: () => void) => {
      const visited: Agreement[] = [];
      let visitedDuringIngest = 0;
      let cursor: string | null = null;
      for (let pages = 0; pages < 100_000; pages += 1) {
        const ingestFinishedBefore = !ingesting;
        const page: AgreementPage = await listOk(
          `?limit=7${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        );
        if (page.nextCursor !== null) {
          if (ingesting) visitedDuringIngest += page.items.length;
          visited.push(...page.items);
          cursor = page.nextCursor;
        } else if (ingestFinishedBefore) {
          visited.push(...page.items);
          return { visited, visitedDuringIngest };
        } else {
          reachedEnd();
        }
      }
      throw new Error('the walk never ended');
    };

    // Three staff members paging at once; the platform starts sending once each has reached the
    // newest agreement, where an ingest committing out of order would make it skip one.
    const walks = [1, 2, 3].map(() => {
      let reachedEnd = () => {};
      const atEnd = new Promise<void>((resolve) => (reachedEnd = resolve));
      return { atEnd, result: walk(reachedEnd) };
    });
    const ingestion = async () => {
      await Promise.all(walks.map(({ atEnd }) => atEnd));
      try {
        const answered = await Promise.all(
          senders.map(async (sender) => {
            const agreements: Agreement[] = [];
            for (const batch of sender) agreements.push(...(await ingest(batch)));
            return agreements;
          }),
        );
        return answered.flat();
      } finally {
        ingesting = false;
      }
    };
    const [ingested, ...results] = await Promise.all([
      ingestion(),
      ...walks.map(({ result }) => result),
    ]);

    expect(ingested).toHaveLength(200);
    const ours = new Set(ids(ingested));
    const inSeqOrder = await db
      .select({ id: schema.agreements.id })
      .from(schema.agreements)
      .where(inArray(schema.agreements.id, [...ours]))
      .orderBy(asc(schema.agreements.seq));
    for (const { visited, visitedDuringIngest } of results) {
      // Truly concurrent: the walk moved past some agreements before the last ingest answered.
      expect(visitedDuringIngest).toBeGreaterThan(0);
      expect(new Set(ids(visited)).size).toBe(visited.length);
      expect(ids(visited.filter((agreement) => ours.has(agreement.id)))).toEqual(
        inSeqOrder.map((row) => row.id),
      );
    }
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
      expect((await decide(agreement.id, body, index % 3 ? alice : bob)).status).toBe(200);
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
      alice,
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
    const before = await db.select().from(schema.agreementDecisions);
    expect(before.length).toBeGreaterThan(0);
    expect(await rejection(() => db.execute(statement()))).toMatch(/append-only/);
    expect(await db.select().from(schema.agreementDecisions)).toEqual(before);
  });

  it('every change of an agreement has exactly one entry: as many entries as versions after the first', async () => {
    // Decisions, first approvals (four-eyes) and reopenings each move the version by one and log
    // one entry, whichever test file made them on this database.
    const { rows } = (await db.execute(sql`
      select a.id, a.status, a.version, count(d.id)::int as entries
      from agreements a left join agreement_decisions d on d.agreement_id = a.id
      group by a.id, a.status, a.version
      having count(d.id) <> a.version - 1
        or (a.status <> 'pending' and count(d.id) = 0)`)) as unknown as {
      rows: unknown[];
    };
    expect(rows).toEqual([]);
    const [decided] = await db
      .select({ value: count() })
      .from(schema.agreements)
      .where(sql`${schema.agreements.status} <> 'pending'`);
    expect(decided!.value).toBeGreaterThanOrEqual(20 + 1 + 60 + 1);
  });
});
