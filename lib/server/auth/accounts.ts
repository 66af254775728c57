import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
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
  input: { loginId: string; displayName: string; password: string; role: Role },
): Promise<StaffAccount> {
  const [account] = await db
    .insert(staffAccounts)
    .values({
      id: randomUUID(),
      loginId: normalizeLoginId(input.loginId),
      displayName: input.displayName.trim(),
      passwordHash: await hashPassword(input.password),
      role: input.role,
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

/**
 * A new role ends every session of the account: a session never runs on with powers its account
 * lost or gained, and the screen (which hides what the role cannot do) starts again from sign-in.
 */
export async function setAccountRole(db: Database, loginId: string, role: Role, now = new Date()) {
  const account = await requireAccount(db, loginId);
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ role, updatedAt: now })
      .where(eq(staffAccounts.id, account.id));
    await revokeAccountSessions(tx, account.id, 'role-changed', now);
  });
}
