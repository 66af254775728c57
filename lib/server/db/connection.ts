import 'server-only';
import { serverEnv } from '@/lib/env';
import { openDatabase, type Database, type DatabaseHandle } from './database';

// One connection per server process, kept across hot reloads in development.
const holder = globalThis as typeof globalThis & { gavelDatabase?: Promise<DatabaseHandle> };

export function databaseHandle(): Promise<DatabaseHandle> {
  if (!holder.gavelDatabase) {
    const env = serverEnv();
    holder.gavelDatabase = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    // A failed open is retried by the next caller instead of being cached forever.
    holder.gavelDatabase.catch(() => (holder.gavelDatabase = undefined));
  }
  return holder.gavelDatabase;
}

/** The process's database, opened and migrated on first use. */
export async function database(): Promise<Database> {
  return (await databaseHandle()).db;
}
