import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';

/**
 * ACTIVITY_RETENTION_DAYS (contract §15): events older than the retention are deleted; returns how
 * many. Run daily with the record's retention, and by the Cron call. Counted in the database:
 * the first run after the retention is lowered may delete millions of rows.
 */
export async function deleteOldActivity(db: Database, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const result = (await db.execute(
    sql`with deleted as (delete from activity_events where at < ${before.toISOString()} returning 1)
        select count(*)::int as n from deleted`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
