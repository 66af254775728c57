import 'server-only';
// Where no process lives on (Vercel), the record is brought up to date on demand: by Vercel Cron
// (GET /api/cron/record) and by each sale read, within a budget (docs/product-contract.md §13).
// One read at a time per database: with PostgreSQL under the recorder's advisory lock (a live
// recorder elsewhere holds it, and then nothing needs doing here), in one process by a promise.
import { Client } from 'pg';
import type { ServerEnv } from '@/lib/env';
import type { Database } from '@/lib/server/db/database';
import { historyPageThrough } from '@/lib/realtime/history-fetch';
import { bidsChannel, recorderUserId } from '@/lib/realtime/realtime-config';
import { serverPubnubClient } from '@/lib/server/realtime/server-client';
import { announceRaised } from './staff-news';
import { catchUp, type CatchUpOutcome } from './catch-up';
import { createRecordFlags } from './record-flags';
import { recorderLockKey } from './recording';
import { recordedThrough } from './write-batch';

export type RecordNowOutcome = (CatchUpOutcome & { state: 'recorded' }) | { state: 'busy' };

// The engine's memory is kept between reads of one instance while it stays in step with the record.
const flags = createRecordFlags();
let inProcess: Promise<RecordNowOutcome> | null = null;

async function readWithin(env: ServerEnv, db: Database, budgetMs: number) {
  const client = serverPubnubClient(env, {
    userId: recorderUserId,
    requestTimeoutSeconds: Math.max(1, Math.ceil(budgetMs / 1000)),
  });
  const deadline = Date.now() + budgetMs;
  try {
    const read = catchUp(db, historyPageThrough(client, bidsChannel), flags, {
      isCancelled: () => Date.now() >= deadline,
    });
    return { state: 'recorded' as const, ...(await read) };
  } finally {
    client.destroy();
  }
}

async function underLock(env: ServerEnv, db: Database, budgetMs: number) {
  if (!env.databaseUrl) return readWithin(env, db, budgetMs);
  const connection = new Client({ connectionString: env.databaseUrl });
  connection.on('error', () => undefined);
  await connection.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [recorderLockKey],
    );
    if (!rows[0]?.locked) return { state: 'busy' as const };
    // Another instance may have recorded meanwhile: the engine's memory is rebuilt unless it
    // has seen the record up to its cursor (replaying 20,000 messages costs a quarter second).
    if (!flags.inStepWith(await recordedThrough(db))) flags.forget();
    return await readWithin(env, db, budgetMs);
  } finally {
    // Ending the connection frees its lock.
    await connection.end().catch(() => undefined);
  }
}

/** Records what history holds past the cursor, for at most `budgetMs`. */
export function recordNow(env: ServerEnv, db: Database, budgetMs: number) {
  if (inProcess) return inProcess;
  // The flags it raised are announced once the lock is let go, never failing the read.
  const current = underLock(env, db, budgetMs).then(async (outcome) => {
    if (outcome.state === 'recorded') await announceRaised(env, db, outcome.raised);
    return outcome;
  });
  inProcess = current;
  const clear = () => {
    if (inProcess === current) inProcess = null;
  };
  current.then(clear, clear);
  return current;
}
