import 'server-only';
// Which process records (docs/product-contract.md §13). With the embedded database the console is
// one process (its folder is locked): it records. With PostgreSQL any number of instances run and
// exactly one records: the holder of a session-level advisory lock, held on a connection of its
// own. When that process dies its connection closes, PostgreSQL frees the lock, and another
// instance, asking every `lockRetryMs`, takes over within that time.
import { Client } from 'pg';
import type { ServerEnv } from '@/lib/env';
import type { DatabaseHandle } from '@/lib/server/db/database';
import { recorderUserId } from '@/lib/realtime/realtime-config';
import { serverPubnubClient } from '@/lib/server/realtime/server-client';
import { announceRaised } from './staff-news';
import { startLiveRecorder, type LiveRecorder } from './live-recorder';

/** The advisory lock's key: one recorder per database. */
export const recorderLockKey = 724012;
/** How often a standby instance asks for the lock: a takeover within 10 s of a death. */
export const lockRetryMs = 3_000;

export interface Recording {
  /** True while this process records (it holds the lock, or needs none). */
  isRecording(): boolean;
  stop(): Promise<void>;
}

function liveRecorder(env: ServerEnv, handle: DatabaseHandle): LiveRecorder {
  const client = serverPubnubClient(env, {
    userId: recorderUserId,
    requestTimeoutSeconds: 10,
    keepAlive: true,
  });
  return startLiveRecorder({
    db: handle.db,
    client,
    onBatch: (outcome) => {
      // One line when a catch-up brought many, not one per live batch.
      if (outcome.recorded >= 100) console.info(`gavel: recorded ${outcome.recorded} messages`);
      void announceRaised(env, handle.db, outcome.raised);
    },
  });
}

/** Records while this process holds the lock; gives it up and waits again if its connection ends. */
function recordWithLock(env: ServerEnv, handle: DatabaseHandle, url: string): Recording {
  let stopped = false;
  let recorder: LiveRecorder | null = null;
  let connection: Client | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function release() {
    const current = recorder;
    recorder = null;
    await current?.stop();
  }

  async function attempt() {
    timer = null;
    if (stopped) return;
    try {
      if (!connection) {
        const fresh = new Client({ connectionString: url });
        fresh.on('error', () => undefined);
        fresh.on('end', () => {
          if (connection !== fresh) return;
          connection = null;
          void release().finally(schedule);
        });
        await fresh.connect();
        connection = fresh;
      }
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [recorderLockKey],
      );
      if (rows[0]?.locked && !stopped) {
        console.info('gavel: this instance records the sale (it holds the recorder lock)');
        recorder = liveRecorder(env, handle);
        return;
      }
    } catch (error) {
      console.warn('gavel: the recorder lock could not be asked for:', (error as Error).message);
      const broken = connection;
      connection = null;
      await broken?.end().catch(() => undefined);
    }
    schedule();
  }

  function schedule() {
    if (!stopped && !recorder && !timer) timer = setTimeout(() => void attempt(), lockRetryMs);
  }

  void attempt();
  return {
    isRecording: () => recorder !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await release();
      const open = connection;
      connection = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/** Starts recording in this long-lived process: at once with PGlite, under the lock with PostgreSQL. */
export function startRecording(env: ServerEnv, handle: DatabaseHandle): Recording {
  if (handle.kind === 'pglite' || !env.databaseUrl) {
    const recorder = liveRecorder(env, handle);
    let stopped = false;
    return {
      isRecording: () => !stopped,
      stop: () => {
        stopped = true;
        return recorder.stop();
      },
    };
  }
  return recordWithLock(env, handle, env.databaseUrl);
}
