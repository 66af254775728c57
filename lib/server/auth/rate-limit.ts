import 'server-only';
import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { signInFailures } from '@/lib/server/db/schema';

export const failureWindowMs = 15 * 60 * 1000;
export const maxFailures = 10;

/**
 * Seconds until sign-in may be tried again, when 10 failures in the last 15 minutes name this
 * login id or come from this client address; null when sign-in is allowed.
 */
export async function signInRetryAfter(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
): Promise<number | null> {
  const since = new Date(now.getTime() - failureWindowMs);
  const buckets = [eq(signInFailures.loginId, loginId)];
  if (clientAddress) buckets.push(eq(signInFailures.clientAddress, clientAddress));

  let waitMs = 0;
  for (const bucket of buckets) {
    const [{ failures } = { failures: 0 }] = await db
      .select({ failures: count() })
      .from(signInFailures)
      .where(and(bucket, gte(signInFailures.failedAt, since)));
    if (failures < maxFailures) continue;
    // Allowed again when enough failures leave the window to drop below the limit.
    const [oldestCounted] = await db
      .select({ failedAt: signInFailures.failedAt })
      .from(signInFailures)
      .where(and(bucket, gte(signInFailures.failedAt, since)))
      .orderBy(asc(signInFailures.failedAt))
      .offset(failures - maxFailures)
      .limit(1);
    if (oldestCounted) {
      waitMs = Math.max(waitMs, oldestCounted.failedAt.getTime() + failureWindowMs - now.getTime());
    }
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
}

export async function recordSignInFailure(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
) {
  await db.insert(signInFailures).values({ loginId, clientAddress, failedAt: now });
  // Keep the table small: rows outside every window are never read again.
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.failedAt, new Date(now.getTime() - failureWindowMs)));
}

/** A successful sign-in forgives that login id's failures (never the address's). */
export async function clearLoginFailures(db: Database, loginId: string) {
  await db.delete(signInFailures).where(eq(signInFailures.loginId, loginId));
}
