import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Database } from '@/lib/server/db/database';
import { sessions } from '@/lib/server/db/schema';
import { typedPasswordSchema } from '@/lib/server/http/login-id';
import { confirmOwnPassword, type AttemptSource } from './password-check';
import { withdrawAttempt } from './rate-limit';
import type { ActiveSession } from './sessions';

/** `POST /api/auth/reauthenticate`: the password, entered again. */
export const reauthenticateBodySchema = z.strictObject({ password: typedPasswordSchema });

/**
 * The password entered again for admin actions (contract §15's 15 minutes): checked under the
 * sign-in limit, then the session's password time is now, in the activity log too. Throws the
 * check's 401 or 429.
 */
export async function reauthenticate(
  db: Database,
  session: ActiveSession,
  password: string,
  source: AttemptSource,
  now = new Date(),
): Promise<void> {
  const confirmed = await confirmOwnPassword(db, session.account, password, source, now);
  await db.transaction(async (tx) => {
    await withdrawAttempt(tx, confirmed.attemptId);
    await tx
      .update(sessions)
      .set({ authenticatedAt: now })
      .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)));
    await recordActivity(tx, { kind: 'reauthenticated', actor: session.account, at: now });
  });
}
