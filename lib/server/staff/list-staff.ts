import 'server-only';
import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Role } from '@/lib/auth/roles';
import { normalizeLoginId } from '@/lib/server/http/login-id';
import { idleTimeoutMs } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/database';
import { sessions, staffAccounts } from '@/lib/server/db/schema';
import type { StaffStatus } from '@/lib/staff/staff-account';

/** One staff account as `GET /api/staff` lists it (contract §15). */
export interface StaffItem {
  loginId: string;
  displayName: string;
  role: Role;
  status: StaffStatus;
  /** ISO 8601, or null for an account that never signed in. */
  lastSignInAt: string | null;
  /** Sessions that still let someone in: not revoked, not past 12 hours, not idle 30 minutes. */
  openSessions: number;
  /** A temporary password not changed yet. */
  mustChangePassword: boolean;
}

/** The sessions that could still be used at `now`, as `resolveSession` decides. */
export const liveSessions = (now: Date): SQL =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - idleTimeoutMs)),
  )!;

async function selectStaff(db: Database, now: Date, where?: SQL): Promise<StaffItem[]> {
  const rows = await db
    .select({
      loginId: staffAccounts.loginId,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
      lastSignInAt: staffAccounts.lastSignInAt,
      mustChangePassword: staffAccounts.mustChangePassword,
      // Counted beside each account in the same query, through the sessions' account index.
      openSessions: db.$count(
        sessions,
        and(eq(sessions.accountId, staffAccounts.id), liveSessions(now)),
      ),
    })
    .from(staffAccounts)
    .where(where)
    .orderBy(asc(staffAccounts.loginId));
  return rows.map(({ disabledAt, lastSignInAt, openSessions, ...row }) => ({
    ...row,
    status: disabledAt ? 'disabled' : 'enabled',
    lastSignInAt: lastSignInAt?.toISOString() ?? null,
    openSessions: Number(openSessions),
  }));
}

/** Every staff account, ordered by login id, in one query. */
export const listStaff = (db: Database, now = new Date()): Promise<StaffItem[]> =>
  selectStaff(db, now);

/** One staff account as the list shows it, or null. */
export async function findStaffItem(
  db: Database,
  loginId: string,
  now = new Date(),
): Promise<StaffItem | null> {
  const [item] = await selectStaff(db, now, eq(staffAccounts.loginId, normalizeLoginId(loginId)));
  return item ?? null;
}
