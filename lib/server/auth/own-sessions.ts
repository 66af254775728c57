import 'server-only';
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { recordActivity } from '@/lib/server/activity/record-activity';
import type { Database } from '@/lib/server/db/database';
import { sessions } from '@/lib/server/db/schema';
import { isSessionId } from './session-lookup';
import { idleTimeoutMs, type ActiveSession } from './sessions';

/** One of the staff member's own sessions, as `GET /api/auth/sessions` gives it (contract §15). */
export interface OwnSession {
  id: string;
  /** The session this request came with. */
  current: boolean;
  /** The browser's User-Agent at sign-in; null for sessions opened before it was kept. */
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** The account's sessions the database still accepts: not revoked, not expired, not idle. */
function liveSessionsOf(accountId: string, now: Date): SQL {
  return and(
    eq(sessions.accountId, accountId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs)),
  )!;
}

/** The account's live sessions, the newest first. */
export async function listOwnSessions(
  db: Database,
  session: ActiveSession,
  now = new Date(),
): Promise<OwnSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(liveSessionsOf(session.account.id, now))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === session.sessionId,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/**
 * Ends one of the account's own live sessions, with its record in the activity log. Null when `id`
 * names none of them: another account's session is as unknown as one that never was.
 */
export async function endOwnSession(
  db: Database,
  session: ActiveSession,
  id: string,
  now = new Date(),
): Promise<{ current: boolean } | null> {
  if (!isSessionId(id)) return null;
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'ended-by-owner' })
      .where(and(eq(sessions.id, id), liveSessionsOf(session.account.id, now)))
      .returning({ id: sessions.id, userAgent: sessions.userAgent });
    if (!ended) return null;
    const current = ended.id === session.sessionId;
    await recordActivity(tx, {
      kind: 'session_ended',
      actor: session.account,
      detail: { current, userAgent: ended.userAgent },
      at: now,
    });
    return { current };
  });
}
