import 'server-only';
import { serverEnv } from '@/lib/env';
import { prepareDummyHash } from '@/lib/server/auth/password';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { databaseHandle } from '@/lib/server/db/connection';
import { ensureDemoAccounts } from '@/lib/server/db/demo-accounts';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { ensureSampleAgreements } from '@/lib/server/db/sample-agreements';
import { startRecording } from '@/lib/server/record/recording';
import { deleteOldRecords, retentionEveryMs } from '@/lib/server/record/retention';

// Kept across hot reloads in development: one recorder per process.
const holder = globalThis as typeof globalThis & { gavelRecording?: boolean };

/** Runs once per server process before it serves: configuration, migrations, demo data. */
export async function startServer(): Promise<void> {
  const env = serverEnv();
  signingSecret();
  const handle = await databaseHandle();
  const { db, kind } = handle;
  console.info(
    `gavel: database ready (${kind === 'pglite' ? `embedded PGlite in ${env.dataDir}` : 'PostgreSQL'})`,
  );
  await Promise.all([
    ensureDemoAccounts(db, env),
    ensureSampleAgreements(db, env),
    prepareDummyHash(),
  ]);
  await refreshPlannerStatistics(handle, 'start');
  if (env.recorder === 'live' && !holder.gavelRecording) {
    holder.gavelRecording = true;
    startRecording(env, handle);
    const days = env.recordRetentionDays;
    if (days !== null) {
      const prune = () =>
        deleteOldRecords(db, days).catch((error: unknown) =>
          console.warn('gavel: old records could not be deleted:', error),
        );
      void prune();
      setInterval(() => void prune(), retentionEveryMs).unref();
    }
  }
}
