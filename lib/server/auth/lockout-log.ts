import 'server-only';
import { and, eq, gte } from 'drizzle-orm';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Database } from '@/lib/server/db/database';
import { activityEvents } from '@/lib/server/db/schema';
import type { SignInBucket } from './rate-limit';

/** A refused sign-in is logged at most this often per allowance that refused it. */
const lockedOutLogEveryMs = 60 * 1000;

/**
 * Logs a sign-in the limit refused (contract §15), at most once a minute per allowance: per
 * address when the address's refused it (a script cycling through login ids from one address
 * writes one row a minute, not one per request), per login id otherwise. The event's subject is
 * that allowance. Called under the attempt's locks, so the check and the write are one step.
 */
export async function logLockedOut(
  tx: Database,
  attempt: { loginId: string; clientAddress: string | null; by: SignInBucket },
  now: Date,
): Promise<void> {
  const subject =
    attempt.by === 'address' && attempt.clientAddress
      ? `address ${attempt.clientAddress}`
      : attempt.loginId;
  const since = new Date(now.getTime() - lockedOutLogEveryMs);
  const [recent] = await tx
    .select({ id: activityEvents.id })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.kind, 'sign_in_locked_out'),
        eq(activityEvents.subject, subject),
        gte(activityEvents.at, since),
      ),
    )
    .limit(1);
  if (recent) return;
  await recordActivity(tx, {
    kind: 'sign_in_locked_out',
    actor: { loginId: attempt.loginId },
    subject,
    detail: { by: attempt.by },
    at: now,
  });
}
