import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { staffAccounts } from '@/lib/server/db/schema';
import { normalizeLoginId } from './login-id';
import { hashPassword } from './password';
import { revokeAccountSessions } from './sessions';

export type StaffAccount = typeof staffAccounts.$inferSelect;

export async function findAccount(db: Database, loginId: string): Promise<StaffAccount | null> {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.loginId, normalizeLoginId(loginId)))
    .limit(1);
  return account ?? null;
}

export async function createAccount(
  db: Database,
  input: { loginId: string; displayName: string; password: string },
): Promise<StaffAccount> {
  const [account] = await db
    .insert(staffAccounts)
    .values({
      id: randomUUID(),
      loginId: normalizeLoginId(input.loginId),
      displayName: input.displayName.trim(),
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return account!;
}

async function requireAccount(db: Database, loginId: string): Promise<StaffAccount> {
  const account = await findAccount(db, loginId);
  if (!account)
    throw new Error(`No staff account has the login id "${normalizeLoginId(loginId)}".`);
  return account;
}

/** Disabling an account revokes every session it has. */
export async function disableAccount(db: Database, loginId: string, now = new Date()) {
  const account = await requireAccount(db, loginId);
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ disabledAt: now, updatedAt: now })
      .where(eq(staffAccounts.id, account.id));
    await revokeAccountSessions(tx, account.id, 'account-disabled', now);
  });
}

export async function enableAccount(db: Database, loginId: string, now = new Date()) {
  const account = await requireAccount(db, loginId);
  await db
    .update(staffAccounts)
    .set({ disabledAt: null, updatedAt: now })
    .where(eq(staffAccounts.id, account.id));
}

/** A new password also ends every session of the account: whoever knew the old one is out. */
export async function resetPassword(
  db: Database,
  loginId: string,
  password: string,
  now = new Date(),
) {
  const account = await requireAccount(db, loginId);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: now })
      .where(eq(staffAccounts.id, account.id));
    await revokeAccountSessions(tx, account.id, 'password-reset', now);
  });
}
