import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity } from '@/lib/server/activity/record-activity';
import { ApiProblem } from '@/lib/server/http/api-problem';
import type { Database } from '@/lib/server/db/database';
import { sessions, staffAccounts } from '@/lib/server/db/schema';
import { typedPasswordSchema } from '@/lib/server/http/login-id';
import { hashPassword } from './password';
import { confirmOwnPassword, type AttemptSource } from './password-check';
import { withdrawAttempt } from './rate-limit';
import type { ActiveSession } from './sessions';

export const newPasswordLength = { min: 8, max: 1024 } as const;

/** `POST /api/auth/password`: the current password, and a new one of 8 to 1024 characters. */
export const changePasswordBodySchema = z
  .strictObject({
    currentPassword: typedPasswordSchema,
    newPassword: z
      .string()
      .min(
        newPasswordLength.min,
        `newPassword must be at least ${newPasswordLength.min} characters`,
      )
      .max(newPasswordLength.max, `newPassword is at most ${newPasswordLength.max} characters`),
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    message: 'newPassword must differ from currentPassword',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * The signed-in staff member's own change of password (contract §15): the current one checked
 * under the sign-in limit, then in one transaction the new hash, the temporary password's mark
 * cleared, every other session of the account ended (whoever knew the old password is out), this
 * session's password time renewed, and the activity log. Throws the check's 401 or 429.
 */
export async function changePassword(
  db: Database,
  session: ActiveSession,
  body: ChangePasswordBody,
  source: AttemptSource,
  now = new Date(),
): Promise<void> {
  const { account } = session;
  const confirmed = await confirmOwnPassword(db, account, body.currentPassword, source, now);
  // Hashed before the transaction: argon2 takes tens of milliseconds, no lock should wait on it.
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    // Only over the password just confirmed: an admin's reset or a change from another tab in
    // between made it a wrong one, and the attempt stays counted.
    const changed = await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: false, updatedAt: now })
      .where(
        and(
          eq(staffAccounts.id, account.id),
          eq(staffAccounts.passwordHash, confirmed.passwordHash),
          isNull(staffAccounts.disabledAt),
        ),
      )
      .returning({ id: staffAccounts.id });
    if (changed.length === 0) {
      throw new ApiProblem('invalid_credentials', 'The password is not right.');
    }
    await withdrawAttempt(tx, confirmed.attemptId);
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password-changed' })
      .where(
        and(
          eq(sessions.accountId, account.id),
          ne(sessions.id, session.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    await tx
      .update(sessions)
      .set({ authenticatedAt: now })
      .where(eq(sessions.id, session.sessionId));
    await recordActivity(tx, {
      kind: 'password_changed',
      actor: account,
      detail: { temporary: account.mustChangePassword, otherSessionsEnded: ended.length },
      at: now,
    });
  });
}
