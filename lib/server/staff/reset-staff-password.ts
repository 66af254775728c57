import 'server-only';
import type { ActivityActor } from '@/lib/server/activity/record-activity';
import { resetPassword } from '@/lib/server/auth/accounts';
import type { Database } from '@/lib/server/db/database';
import { temporaryPassword } from './temporary-password';

/**
 * A temporary password for an account (contract §15): to be changed at its next sign-in; every
 * session it had ends. 404 `not_found` for an unknown login id. The password is answered once
 * and kept nowhere but as its hash.
 */
export async function resetStaffPassword(
  db: Database,
  actor: ActivityActor,
  loginId: string,
  now = new Date(),
): Promise<{ temporaryPassword: string }> {
  const password = temporaryPassword();
  await resetPassword(db, loginId, password, { actor, now, temporary: true });
  return { temporaryPassword: password };
}
