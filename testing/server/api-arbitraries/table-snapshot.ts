// The digest of the tables a refused request must leave as they were.
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { ContractViolation } from './answers';

/** Row counts and digests of what a refused request must not change, per table. */
export type TableSnapshot = Record<
  | 'agreements'
  | 'agreement_decisions'
  | 'sessions'
  | 'staff_accounts'
  | 'sign_in_failures'
  | 'lots'
  | 'activity_events',
  string
>;

// A session's last_seen_at slides while it is used, which is no write a refusal could cause.
const snapshotQuery = sql.raw(`
  select
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || platform_id || '/' || version || '/' || status || '/' ||
      coalesce(decided_by, '-') || '/' || coalesce(reason, '-') || '/' || coalesce(decided_at::text, '-'),
      ',' order by id)), '') from agreements) as agreements,
    (select count(*) || ':' || coalesce(max(id), 0) from agreement_decisions) as agreement_decisions,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || secret_hash || '/' || expires_at::text || '/' || coalesce(revoked_at::text, '-'),
      ',' order by id)), '') from sessions) as sessions,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || login_id || '/' || password_hash || '/' || coalesce(disabled_at::text, '-') ||
      '/' || role || '/' || updated_at::text, ',' order by id)), '') from staff_accounts) as staff_accounts,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || coalesce(forgiven_at::text, '-'), ',' order by id)), '') from sign_in_failures)
      as sign_in_failures,
    (select count(*) || ':' || coalesce(md5(string_agg(
      auction_id || '/' || lot_id || '/' || lot_number || '/' || updated_at::text,
      ',' order by auction_id, lot_id)), '') from lots) as lots,
    (select count(*) || ':' || coalesce(max(id), 0) from activity_events) as activity_events
`);

export async function tableSnapshot(db: Database): Promise<TableSnapshot> {
  const result = (await db.execute(snapshotQuery)) as unknown as { rows: TableSnapshot[] };
  return { ...result.rows[0]! };
}

/** Fails when a table other than `except` changed between the two snapshots. */
export function expectUnchanged(
  before: TableSnapshot,
  after: TableSnapshot,
  why: string,
  except: readonly (keyof TableSnapshot)[] = [],
): void {
  const changed = (Object.keys(before) as (keyof TableSnapshot)[]).filter(
    (table) => !except.includes(table) && before[table] !== after[table],
  );
  if (changed.length > 0) {
    throw new ContractViolation(
      `${why}, yet it changed ${changed.map((t) => `${t} (${before[t]} -> ${after[t]})`).join(', ')}`,
    );
  }
}
