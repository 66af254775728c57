import 'server-only';
import type { ActivityActor } from '@/lib/server/activity/record-activity';
import { changeAccount, type AccountChange } from '@/lib/server/auth/accounts';
import type { Database } from '@/lib/server/db/database';
import { findStaffItem, type StaffItem } from './list-staff';

/**
 * A new role, a disable or an enable (contract §15), under the rules `changeAccount` keeps in
 * its transaction: 404 `not_found`, 409 `self_change`, 409 `last_admin`. The account as it now is.
 */
export async function changeStaff(
  db: Database,
  actor: ActivityActor,
  loginId: string,
  change: AccountChange,
  now = new Date(),
): Promise<StaffItem> {
  const account = await changeAccount(db, loginId, change, { actor, now });
  return (await findStaffItem(db, account.loginId, now))!;
}
