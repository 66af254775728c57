import 'server-only';
import { and, eq } from 'drizzle-orm';
import { recordActivity, type ActivityActor } from '@/lib/server/activity/record-activity';
import { requireActingAdmin, unknownAccount } from '@/lib/server/auth/accounts';
import { normalizeLoginId } from '@/lib/server/http/login-id';
import type { Database } from '@/lib/server/db/database';
import { sessions, staffAccounts } from '@/lib/server/db/schema';
import { liveSessions } from './list-staff';

/**
 * Ends every session of an account that could still be used (contract §15); the account itself
 * stays as it is. Answers how many ended: the list's `openSessions` a moment before. 404
 * `not_found` for an unknown login id.
 */
export async function endStaffSessions(
  db: Database,
  actor: ActivityActor,
  loginId: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await requireActingAdmin(tx, actor);
    const [account] = await tx
      .select({ id: staffAccounts.id, loginId: staffAccounts.loginId })
      .from(staffAccounts)
      .where(eq(staffAccounts.loginId, normalizeLoginId(loginId)));
    if (!account) throw unknownAccount(loginId);
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'ended-by-admin' })
      .where(and(eq(sessions.accountId, account.id), liveSessions(now)))
      .returning({ id: sessions.id });
    await recordActivity(tx, {
      kind: 'staff_sessions_ended',
      actor,
      subject: account.loginId,
      detail: { count: ended.length },
      at: now,
    });
    return ended.length;
  });
}
