/** @jest-environment node */
// The database under the agreements API on a real PostgreSQL server: every migration applied once,
// also when three instances open one fresh database at once, and a pool that survives the server
// ending its connections. Run by `npm run test:postgres`.
import '@/testing/server/postgres-database-env';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import type { Database, DatabaseHandle } from '@/lib/server/db/database';

jest.setTimeout(120_000);

type Connection = typeof import('@/lib/server/db/connection');
type DatabaseModule = typeof import('@/lib/server/db/database');

const databaseUrl = process.env.DATABASE_URL!;
// Unique per run, so the file also passes against a database that an earlier run left behind.
const run = randomUUID().slice(0, 8);

let connection: Connection;
let databaseModule: DatabaseModule;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  databaseModule = await import('@/lib/server/db/database');
  const handle = await connection.databaseHandle();
  expect(handle.kind).toBe('postgres');
  db = handle.db;
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

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
