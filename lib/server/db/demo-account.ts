import 'server-only';
import type { ServerEnv } from '@/lib/env';
import { createAccount, findAccount } from '@/lib/server/auth/accounts';
import type { Database } from './database';

export const demoLoginId = 'demo';

/** The embedded default's demo staff account: created on first start, never in production. */
export async function ensureDemoAccount(db: Database, env: ServerEnv): Promise<void> {
  if (env.databaseUrl || env.appEnv === 'production' || env.demoPassword === null) return;
  if (!(await findAccount(db, demoLoginId))) {
    await createAccount(db, {
      loginId: demoLoginId,
      displayName: 'Demo Staff',
      password: env.demoPassword,
    });
  }
  console.info(
    `gavel: demo staff account: login id "${demoLoginId}", password "${env.demoPassword}"`,
  );
}
