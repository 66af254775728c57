import 'server-only';
import { serverEnv } from '@/lib/env';
import { deleteOldActivity } from '@/lib/server/activity/retention';
import { prepareDummyHash } from '@/lib/server/auth/password';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { databaseHandle } from '@/lib/server/db/connection';
import { ensureDemoAccounts } from '@/lib/server/seed/demo-accounts';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { ensureSampleAgreements } from '@/lib/server/seed/sample-agreements';
import { startRecording } from '@/lib/server/record/recording';
import { deleteOldRecords, retentionEveryMs } from '@/lib/server/record/retention';

// Kept across hot reloads in development: one recorder and one pruning of the log per process.
const holder = globalThis as typeof globalThis & {
  gavelRecording?: boolean;
  gavelActivityRetention?: boolean;
};

/** Runs a retention now and then daily; a failure is logged and tried again the next day. */
function daily(what: string, prune: () => Promise<unknown>) {
  const run = () =>
    prune().catch((error: unknown) => console.warn(`gavel: ${what} could not be deleted:`, error));
  void run();
  setInterval(() => void run(), retentionEveryMs).unref();
}

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
    if (days !== null) daily('old records', () => deleteOldRecords(db, days));
  }
  // Whatever records the sale: the activity log is written by every process that serves.
  if (!holder.gavelActivityRetention) {
    holder.gavelActivityRetention = true;
    daily('old activity', () => deleteOldActivity(db, env.activityRetentionDays));
  }
}
