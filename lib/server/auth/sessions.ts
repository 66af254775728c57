import 'server-only';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { sessions } from '@/lib/server/db/schema';
import { lookUpSession } from './session-lookup';
import { signSessionCookie, verifySessionCookie } from './session-cookie';

export const idleTimeoutMs = 30 * 60 * 1000;
export const absoluteTimeoutMs = 12 * 60 * 60 * 1000;
/** Sliding the idle timeout writes at most once a minute per session. */
const slideEveryMs = 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Who acts in a change: what decisions, reviews and the activity log record of an account. */
export interface Actor {
  id: string;
  loginId: string;
  displayName: string;
  role: Role;
}

export interface ActiveSession {
  sessionId: string;
  expiresAt: Date;
  /** When the password was last entered for this session (sign-in or re-authentication). */
  authenticatedAt: Date;
  /** Read with the session at every request: a changed name or role shows at once. */
  account: Actor & {
    /** A temporary password not changed yet: every other call is refused (§15). */
    mustChangePassword: boolean;
  };
}

/** A new session: 256-bit random secret, only its hash stored; returns the signed cookie value. */
export async function createSession(
  db: Database,
  accountId: string,
  signingSecret: string,
  now = new Date(),
  userAgent: string | null = null,
) {
  const sessionId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + absoluteTimeoutMs);
  await db.insert(sessions).values({
    id: sessionId,
    accountId,
    secretHash: sha256(secret),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    authenticatedAt: now,
    userAgent: userAgent?.slice(0, 300) || null,
  });
  const cookieValue = await signSessionCookie(
    { sid: sessionId, sec: secret, exp: Math.floor(expiresAt.getTime() / 1000) },
    signingSecret,
  );
  return { sessionId, cookieValue, expiresAt };
}

/**
 * The session a cookie names, if the database still accepts it: signature, secret, not revoked,
 * not idle for 30 minutes, not past 12 hours, account enabled. Slides the idle timeout unless
 * `slide` is false (a tab asking whether it is still signed in is not the staff member's activity).
 */
export async function resolveSession(
  db: Database,
  cookieValue: string | undefined,
  signingSecret: string,
  now = new Date(),
  { slide = true }: { slide?: boolean } = {},
): Promise<ActiveSession | null> {
  const claims = await verifySessionCookie(cookieValue, signingSecret, now);
  if (!claims) return null;
  const row = await lookUpSession(db, claims.sid);
  if (!row) return null;

  const expected = Buffer.from(row.secretHash, 'hex');
  const presented = Buffer.from(sha256(claims.sec), 'hex');
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
  if (row.revokedAt || row.disabledAt) return null;
  if (now >= row.expiresAt) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= idleTimeoutMs) {
    await revokeSession(db, row.sessionId, 'idle-timeout', now);
    return null;
  }
  if (slide && now.getTime() - row.lastSeenAt.getTime() >= slideEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    expiresAt: row.expiresAt,
    authenticatedAt: row.authenticatedAt ?? row.createdAt,
    account: {
      id: row.accountId,
      loginId: row.loginId,
      displayName: row.displayName,
      role: row.role,
      mustChangePassword: row.mustChangePassword,
    },
  };
}

export async function revokeSession(
  db: Database,
  sessionId: string,
  reason: string,
  now = new Date(),
) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAccountSessions(
  db: Database,
  accountId: string,
  reason: string,
  now = new Date(),
) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}
