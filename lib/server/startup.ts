import 'server-only';
import { serverEnv } from '@/lib/env';
import { prepareDummyHash } from '@/lib/server/auth/password';
import { signingSecret } from '@/lib/server/auth/signing-secret';
import { databaseHandle } from '@/lib/server/db/connection';
import { ensureDemoAccounts } from '@/lib/server/db/demo-accounts';
import { refreshPlannerStatistics } from '@/lib/server/db/planner-statistics';
import { ensureSampleAgreements } from '@/lib/server/db/sample-agreements';

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
}
