import 'server-only';
import { lt } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { activityEvents } from '@/lib/server/db/schema';

/**
 * ACTIVITY_RETENTION_DAYS (contract §15): events older than the retention are deleted; returns how
 * many. Run daily with the record's retention, and by the Cron call.
 */
export async function deleteOldActivity(db: Database, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(activityEvents)
    .where(lt(activityEvents.at, before))
    .returning({ id: activityEvents.id });
  return deleted.length;
}
