import 'server-only';
import { and, asc, count, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { signInFailures } from '@/lib/server/db/schema';
import { logLockedOut } from './lockout-log';

export const failureWindowMs = 15 * 60 * 1000;
export const maxFailures = 10;

/** Which allowance refused an attempt: the login id's, a known browser's own, or the address's. */
export type SignInBucket = 'login' | 'device' | 'address';

/**
 * The buckets an attempt counts in. From a browser that signed in to this login id before (its
 * device id, §15): that device's own failures for the login id, nothing else, so nobody else's
 * guessing locks the owner out. From any other browser: the login id's failures from unknown
 * browsers (unless forgiven) and its client address's.
 */
function buckets(
  loginId: string,
  clientAddress: string | null,
  deviceId: string | null,
): { kind: SignInBucket; where: SQL }[] {
  const forLogin = and(eq(signInFailures.loginId, loginId), isNull(signInFailures.forgivenAt))!;
  if (deviceId)
    return [{ kind: 'device', where: and(forLogin, eq(signInFailures.deviceId, deviceId))! }];
  const list: { kind: SignInBucket; where: SQL }[] = [
    { kind: 'login', where: and(forLogin, isNull(signInFailures.deviceId))! },
  ];
  if (clientAddress)
    list.push({ kind: 'address', where: eq(signInFailures.clientAddress, clientAddress) });
  return list;
}

/** Milliseconds until the bucket drops below the limit; 0 when it is below it now. */
async function bucketWaitMs(db: Database, bucket: SQL, now: Date): Promise<number> {
  const since = new Date(now.getTime() - failureWindowMs);
  const inWindow = and(bucket, gte(signInFailures.failedAt, since));
  const [{ failures } = { failures: 0 }] = await db
    .select({ failures: count() })
    .from(signInFailures)
    .where(inWindow);
  if (failures < maxFailures) return 0;
  // Allowed again when enough failures leave the window to drop below the limit.
  const [oldestCounted] = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(inWindow)
    .orderBy(asc(signInFailures.failedAt))
    .offset(failures - maxFailures)
    .limit(1);
  return oldestCounted
    ? Math.max(0, oldestCounted.failedAt.getTime() + failureWindowMs - now.getTime())
    : 0;
}

/**
 * Why an attempt is refused: seconds until sign-in may be tried again and the allowance with the
 * longest wait, when 10 failures in the last 15 minutes name this login id (or this known
 * browser's) or come from this client address; null when sign-in is allowed.
 */
export async function signInRefusal(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
  deviceId: string | null = null,
): Promise<{ retryAfter: number; by: SignInBucket } | null> {
  let longest: { waitMs: number; by: SignInBucket } | null = null;
  for (const bucket of buckets(loginId, clientAddress, deviceId)) {
    const waitMs = await bucketWaitMs(db, bucket.where, now);
    if (waitMs > 0 && (!longest || waitMs > longest.waitMs)) longest = { waitMs, by: bucket.kind };
  }
  return longest
    ? { retryAfter: Math.max(1, Math.ceil(longest.waitMs / 1000)), by: longest.by }
    : null;
}

/** `signInRefusal`'s seconds alone. */
export async function signInRetryAfter(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
  deviceId: string | null = null,
): Promise<number | null> {
  return (await signInRefusal(db, loginId, clientAddress, now, deviceId))?.retryAfter ?? null;
}

async function pruneOldFailures(db: Database, now: Date) {
  // Rows outside every window are never read again.
  await db
    .delete(signInFailures)
    .where(lt(signInFailures.failedAt, new Date(now.getTime() - failureWindowMs)));
}

/** Counts one failure (an attempt is one until it succeeds); returns its row id. */
export async function recordSignInFailure(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
  deviceId: string | null = null,
): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ loginId, clientAddress, failedAt: now, deviceId })
    .returning({ id: signInFailures.id });
  await pruneOldFailures(db, now);
  return row!.id;
}

/**
 * Checks the limits and counts this attempt as a failure in one transaction, before the password
 * is checked, so simultaneous attempts cannot all pass the check: at most 10 get through. A
 * successful attempt is then withdrawn with `withdrawAttempt`.
 */
export async function reserveSignInAttempt(
  db: Database,
  loginId: string,
  clientAddress: string | null,
  now = new Date(),
  deviceId: string | null = null,
): Promise<{ retryAfter: number } | { attemptId: number }> {
  return db.transaction(async (tx) => {
    // Serializes attempts per login id, then per address (always in this order: no deadlock).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${loginId}`}))`);
    if (clientAddress) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`sign-in-address:${clientAddress}`}))`,
      );
    }
    const refusal = await signInRefusal(tx, loginId, clientAddress, now, deviceId);
    if (refusal) {
      // Under the same locks: of many refusals at once, one is logged a minute per allowance.
      await logLockedOut(tx, { loginId, clientAddress, by: refusal.by }, now);
      return { retryAfter: refusal.retryAfter };
    }
    return {
      attemptId: await recordSignInFailure(tx, loginId, clientAddress, now, deviceId),
    };
  });
}

/** The attempt succeeded: it was no failure. */
export async function withdrawAttempt(db: Database, attemptId: number) {
  await db.delete(signInFailures).where(eq(signInFailures.id, attemptId));
}

/**
 * A successful sign-in forgives the failures of the bucket it counted in: from a known browser,
 * that browser's own; from any other, the login id's failures from unknown browsers (so the
 * owner signing in on their own laptop never hands a guesser a fresh allowance). The address
 * keeps counting them.
 */
export async function clearLoginFailures(
  db: Database,
  loginId: string,
  now = new Date(),
  deviceId: string | null = null,
) {
  await db
    .update(signInFailures)
    .set({ forgivenAt: now })
    .where(
      and(
        eq(signInFailures.loginId, loginId),
        isNull(signInFailures.forgivenAt),
        deviceId ? eq(signInFailures.deviceId, deviceId) : isNull(signInFailures.deviceId),
      ),
    );
}
