import 'server-only';
// The one module that writes staff accounts, for the console's staff screen (lib/server/staff),
// the accounts command and the tests alike: whoever changes an account, the same rules hold
// (contract §15: never fewer than one enabled admin, nobody disables or demotes themselves) and
// the activity log records the change in the change's own transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ActivityKind } from '@/lib/activity/activity-kinds';
import { roles, type Role } from '@/lib/auth/roles';
import { recordActivity, type ActivityActor } from '@/lib/server/activity/record-activity';
import { ApiProblem } from '@/lib/server/http/api-problem';
import type { Database } from '@/lib/server/db/database';
import { staffAccounts } from '@/lib/server/db/schema';
import { normalizeLoginId } from '@/lib/server/http/login-id';
import { hashPassword } from './password';
import { revokeAccountSessions } from './sessions';

export type StaffAccount = typeof staffAccounts.$inferSelect;

/** The accounts command acts for the operator at the machine, who has no account of their own. */
export const accountsCommandActor: ActivityActor = { loginId: 'cli' };

export type AccountStatus = 'enabled' | 'disabled';

/** A change of role, of status, or both. */
export interface AccountChange {
  role?: Role;
  status?: AccountStatus;
}

interface ChangeOptions {
  /** Who changes the account; the accounts command when not given. */
  actor?: ActivityActor;
  now?: Date;
}

/**
 * Inside an admin action's transaction: the acting account is still an enabled admin, its row
 * locked against a concurrent demotion or disable until the action commits. Its session was
 * checked when the request began; an admin removed meanwhile must not finish one more action
 * (add an admin, reset a password). The accounts command (no account id) is the operator's.
 */
export async function requireActingAdmin(tx: Database, actor: ActivityActor): Promise<void> {
  if (!actor.id) return;
  const [still] = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.id, actor.id),
        eq(staffAccounts.role, 'admin'),
        isNull(staffAccounts.disabledAt),
      ),
    )
    .for('share');
  if (!still) throw notAnAdminAnyMore();
}

const notAnAdminAnyMore = () =>
  new ApiProblem('forbidden', 'Your account is no longer an enabled admin.');

export async function findAccount(db: Database, loginId: string): Promise<StaffAccount | null> {
  const [account] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.loginId, normalizeLoginId(loginId)))
    .limit(1);
  return account ?? null;
}

/** Inserts an account whose password is already hashed (hash before a transaction, not in it). */
export async function insertAccount(
  db: Database,
  input: {
    loginId: string;
    displayName: string;
    passwordHash: string;
    role: Role;
    mustChangePassword?: boolean;
  },
): Promise<StaffAccount> {
  const [account] = await db
    .insert(staffAccounts)
    .values({
      id: randomUUID(),
      loginId: normalizeLoginId(input.loginId),
      displayName: input.displayName.trim(),
      passwordHash: input.passwordHash,
      role: input.role,
      mustChangePassword: input.mustChangePassword ?? false,
    })
    .returning();
  return account!;
}

export async function createAccount(
  db: Database,
  input: {
    loginId: string;
    displayName: string;
    password: string;
    role: Role;
    mustChangePassword?: boolean;
  },
): Promise<StaffAccount> {
  const { password, ...account } = input;
  return insertAccount(db, { ...account, passwordHash: await hashPassword(password) });
}

export const unknownAccount = (loginId: string) =>
  new ApiProblem('not_found', `No staff account has the login id "${normalizeLoginId(loginId)}".`);

const rank = (role: Role) => roles.indexOf(role);

/**
 * Why a change must not happen, or null: the actor disables or demotes themselves
 * (`self_change`), or the account is an enabled admin and the change would leave no other
 * (`last_admin`). `enabledAdmins` counts the enabled admins, the account among them if it is one.
 */
export function changeRefusal(
  actorId: string | null,
  account: Pick<StaffAccount, 'id' | 'role' | 'disabledAt'>,
  change: AccountChange,
  enabledAdmins: number,
): 'self_change' | 'last_admin' | null {
  const disables = change.status === 'disabled';
  const demotes = change.role !== undefined && rank(change.role) < rank(account.role);
  if (actorId === account.id && (disables || demotes)) return 'self_change';
  const enabledAfter = change.status ? change.status === 'enabled' : account.disabledAt === null;
  const adminBefore = account.role === 'admin' && account.disabledAt === null;
  const adminAfter = (change.role ?? account.role) === 'admin' && enabledAfter;
  if (adminBefore && !adminAfter && enabledAdmins <= 1) return 'last_admin';
  return null;
}

function refusalProblem(refusal: 'self_change' | 'last_admin', loginId: string): ApiProblem {
  return refusal === 'self_change'
    ? new ApiProblem(
        'self_change',
        'Nobody disables their own account or lowers their own role: ask another admin.',
      )
    : new ApiProblem(
        'last_admin',
        `The staff account "${loginId}" is the last enabled admin: make another account an admin first.`,
      );
}

/**
 * Changes an account's role, status or both, in one transaction that first locks every enabled
 * admin's row (always in the same order, so two such transactions never deadlock): of two admins
 * demoting or disabling each other at once, the second counts what the first left and is refused.
 * A new role or a disable ends the account's sessions: a session never runs on with powers its
 * account lost or gained. Answers the account as it now is.
 */
export async function changeAccount(
  db: Database,
  loginId: string,
  change: AccountChange,
  { actor = accountsCommandActor, now = new Date() }: ChangeOptions = {},
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)))
      .orderBy(asc(staffAccounts.id))
      .for('update');
    const [before] = await tx
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.loginId, normalizeLoginId(loginId)))
      .for('update');
    if (!before) throw unknownAccount(loginId);
    const refusal = changeRefusal(actor.id ?? null, before, change, admins.length);
    if (refusal) throw refusalProblem(refusal, before.loginId);
    // The actor's row is among those locked when it is still an enabled admin.
    if (actor.id && !admins.some(({ id }) => id === actor.id)) throw notAnAdminAnyMore();

    const role = change.role ?? before.role;
    const disabledAt =
      change.status === undefined
        ? before.disabledAt
        : change.status === 'disabled'
          ? (before.disabledAt ?? now)
          : null;
    const events: { kind: ActivityKind; detail?: Record<string, unknown> }[] = [];
    if (role !== before.role) {
      events.push({ kind: 'staff_role_changed', detail: { from: before.role, to: role } });
    }
    if (disabledAt !== before.disabledAt) {
      events.push({ kind: disabledAt ? 'staff_disabled' : 'staff_enabled' });
    }
    const [after] =
      events.length === 0
        ? [before]
        : await tx
            .update(staffAccounts)
            .set({ role, disabledAt, updatedAt: now })
            .where(eq(staffAccounts.id, before.id))
            .returning();
    // Disabled again, the account still loses whatever session is left: the command says so.
    if (change.status === 'disabled') {
      await revokeAccountSessions(tx, before.id, 'account-disabled', now);
    }
    if (role !== before.role) await revokeAccountSessions(tx, before.id, 'role-changed', now);
    for (const event of events) {
      await recordActivity(tx, { ...event, actor, subject: before.loginId, at: now });
    }
    return after!;
  });
}

/** Disabling an account revokes every session it has. */
export const disableAccount = (db: Database, loginId: string, options?: ChangeOptions) =>
  changeAccount(db, loginId, { status: 'disabled' }, options);

export const enableAccount = (db: Database, loginId: string, options?: ChangeOptions) =>
  changeAccount(db, loginId, { status: 'enabled' }, options);

/** A new role ends every session of the account; the screen starts again from sign-in. */
export const setAccountRole = (
  db: Database,
  loginId: string,
  role: Role,
  options?: ChangeOptions,
) => changeAccount(db, loginId, { role }, options);

/**
 * A new password also ends every session of the account: whoever knew the old one is out. A
 * temporary one (an admin's reset) must be changed at the next sign-in; one the operator typed
 * into the accounts command need not.
 */
export async function resetPassword(
  db: Database,
  loginId: string,
  password: string,
  {
    actor = accountsCommandActor,
    now = new Date(),
    temporary = false,
  }: ChangeOptions & {
    temporary?: boolean;
  } = {},
): Promise<StaffAccount> {
  // Checked before the hash: an unknown login id costs no argon2 work.
  if (!(await findAccount(db, loginId))) throw unknownAccount(loginId);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await requireActingAdmin(tx, actor);
    const [account] = await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: temporary, updatedAt: now })
      .where(eq(staffAccounts.loginId, normalizeLoginId(loginId)))
      .returning();
    if (!account) throw unknownAccount(loginId);
    await revokeAccountSessions(tx, account.id, 'password-reset', now);
    await recordActivity(tx, {
      kind: 'staff_password_reset',
      actor,
      subject: account.loginId,
      detail: { temporary },
      at: now,
    });
    return account;
  });
}
