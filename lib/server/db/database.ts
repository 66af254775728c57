import 'server-only';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { embeddedDataFolder, inMemoryDataDir, lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Committed migrations; `outputFileTracingIncludes` ships them with serverless functions. */
export const migrationsFolder = join(process.cwd(), 'lib', 'server', 'db', 'migrations');

/** `memory://` keeps the embedded database in memory (tests); any other value is a folder. */
export { inMemoryDataDir };

/**
 * The contrib extensions the migrations create (0005: agreement search). PGlite loads an extension
 * only when the instance is made with it: every embedded database, tests' own included, needs these.
 */
export const pgliteExtensions = { pg_trgm, unaccent };

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const folder = embeddedDataFolder({ databaseUrl: null, dataDir });
  if (!folder) {
    return migratePgliteClient(new PGlite({ extensions: pgliteExtensions }), () => undefined);
  }
  mkdirSync(join(folder, 'pglite'), { recursive: true });
  // PGlite is one process per folder: a second process opening it broke it for both (ADR 0027).
  const lock = lockDataDir(folder);
  try {
    const client = new PGlite(join(folder, 'pglite'), { extensions: pgliteExtensions });
    return await migratePgliteClient(client, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function migratePgliteClient(client: PGlite, release: () => void): Promise<DatabaseHandle> {
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close().finally(release) };
  } catch (error) {
    // Closed before the lock goes, so a retry (connection.ts) never meets this instance.
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, idle timeout) is replaced by the pool
  // on the next query; without a listener its 'error' event would crash the process.
  pool.on('error', (error) =>
    console.warn('gavel: an idle database connection ended:', error.message),
  );
  const db = drizzlePostgres({ client: pool, schema });
  // Several instances may start at once: one migrates, the others wait on the lock.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(724011)');
    await migratePostgres(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock(724011)').catch(() => undefined);
    lock.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** Opens and migrates the database: PostgreSQL when a URL is given, else embedded PGlite. */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** True when the database answers a trivial query. */
export async function databaseIsUp(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
