import 'server-only';
import type { Role } from '@/lib/auth/roles';
import { recordActivity, type ActivityActor } from '@/lib/server/activity/record-activity';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { insertAccount, requireActingAdmin } from '@/lib/server/auth/accounts';
import { normalizeLoginId } from '@/lib/server/http/login-id';
import { hashPassword } from '@/lib/server/auth/password';
import type { Database } from '@/lib/server/db/database';
import { hasSqlState } from '@/lib/server/db/unavailable';
import { findStaffItem, type StaffItem } from './list-staff';
import type { NewStaff } from './staff-schemas';
import { temporaryPassword } from './temporary-password';

/** PostgreSQL's unique violation: the login id is taken. */
const uniqueViolation = '23505';

/**
 * Creates an account and logs who added it, in one transaction; 409 `conflict` when the login id
 * is taken, whatever its case. The accounts command gives the password its operator typed; the
 * staff screen a temporary one (`addStaff`).
 */
export async function createStaff(
  db: Database,
  actor: ActivityActor,
  input: NewStaff & { password: string; mustChangePassword: boolean },
  now = new Date(),
): Promise<StaffItem> {
  const { password, ...account } = input;
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      await requireActingAdmin(tx, actor);
      const created = await insertAccount(tx, { ...account, passwordHash });
      await recordActivity(tx, {
        kind: 'staff_added',
        actor,
        subject: created.loginId,
        detail: { role: created.role, displayName: created.displayName },
        at: now,
      });
    });
  } catch (error) {
    if (!hasSqlState(error, uniqueViolation)) throw error;
    throw new ApiProblem(
      'conflict',
      `A staff account with the login id "${normalizeLoginId(input.loginId)}" exists.`,
    );
  }
  return (await findStaffItem(db, input.loginId, now))!;
}

/** A new account with a temporary password, shown this once, to be changed at first sign-in. */
export async function addStaff(
  db: Database,
  actor: ActivityActor,
  input: { loginId: string; displayName: string; role: Role },
): Promise<{ account: StaffItem; temporaryPassword: string }> {
  const password = temporaryPassword();
  const account = await createStaff(db, actor, { ...input, password, mustChangePassword: true });
  return { account, temporaryPassword: password };
}
