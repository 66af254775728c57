import 'server-only';
import type { Role } from '@/lib/auth/roles';
import type { ServerEnv } from '@/lib/env';
import { createAccount, findAccount } from '@/lib/server/auth/accounts';
import type { Database } from '@/lib/server/db/database';

/**
 * The embedded default's staff accounts, both with `DEMO_PASSWORD`: an admin, and a clerk so one
 * person can try the four-eyes rule with two browsers (contract §7).
 */
export const demoAccounts: readonly { loginId: string; displayName: string; role: Role }[] = [
  { loginId: 'demo', displayName: 'Demo Staff', role: 'admin' },
  { loginId: 'clerk', displayName: 'Claire Clerk', role: 'clerk' },
];

/**
 * Creates the demo accounts that do not exist yet, never with a real database or in production.
 * An existing one is left as it is: a role or password changed with the accounts CLI stays.
 */
export async function ensureDemoAccounts(db: Database, env: ServerEnv): Promise<void> {
  if (env.databaseUrl || env.appEnv === 'production' || env.demoPassword === null) return;
  const password = env.demoPassword;
  for (const account of demoAccounts) {
    if (await findAccount(db, account.loginId)) continue;
    await createAccount(db, { ...account, password });
  }
  const named = demoAccounts.map(({ loginId, role }) => `"${loginId}" (${role})`).join(' and ');
  console.info(`gavel: demo staff accounts ${named}, password "${password}"`);
}
