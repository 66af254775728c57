import 'server-only';
import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { ActivityItem, ActivityKind } from '@/lib/activity/activity-kinds';
import type { Database } from '@/lib/server/db/database';
import { activityEvents } from '@/lib/server/db/schema';
import { encodeActivityCursor, type ActivityPosition } from './activity-cursor';
import type { ActivityFilter } from './activity-query';

/**
 * The event's time as whole microseconds since 1970, exactly as stored: a millisecond `Date`
 * would round a cursor to before the event it names, and the next page would show it again.
 */
const atMicros = sql<string>`(extract(epoch from ${activityEvents.at}) * 1000000)::bigint::text`;

function conditions(filter: ActivityFilter, after: ActivityPosition | undefined): SQL | undefined {
  const { person, kind, from, to } = filter;
  return and(
    person === undefined ? undefined : eq(activityEvents.actorLoginId, person),
    kind === undefined ? undefined : eq(activityEvents.kind, kind),
    from === undefined ? undefined : gte(activityEvents.at, from.at),
    to === undefined ? undefined : (to.inclusive ? lte : lt)(activityEvents.at, to.at),
    // Keyset: strictly after the last event of the page before, in (at desc, id desc) order.
    after === undefined
      ? undefined
      : sql`(${activityEvents.at}, ${activityEvents.id}) < (timestamptz 'epoch' + ${after.atMicros}::bigint * interval '1 microsecond', ${after.id}::bigint)`,
  );
}

export interface ActivityPage {
  items: ActivityItem[];
  /** Where the page's last event stands: the next page starts after it. */
  last: ActivityPosition | null;
  /** Whether events of the filter come after this page. */
  more: boolean;
}

/** Up to `limit` events of the filter after `after`, the newest first. */
export async function readActivityPage(
  db: Database,
  filter: ActivityFilter,
  after: ActivityPosition | undefined,
  limit: number,
): Promise<ActivityPage> {
  const rows = await db
    .select({
      id: activityEvents.id,
      at: activityEvents.at,
      atMicros,
      kind: activityEvents.kind,
      actorLoginId: activityEvents.actorLoginId,
      actorName: activityEvents.actorName,
      subject: activityEvents.subject,
      detail: activityEvents.detail,
    })
    .from(activityEvents)
    .where(conditions(filter, after))
    .orderBy(desc(activityEvents.at), desc(activityEvents.id))
    // One more than the page: whether there is a next page, without a page that comes back empty.
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const lastRow = page.at(-1);
  return {
    items: page.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      kind: row.kind as ActivityKind,
      actor: { loginId: row.actorLoginId, displayName: row.actorName },
      subject: row.subject,
      detail: row.detail,
    })),
    last: lastRow ? { atMicros: lastRow.atMicros, id: lastRow.id } : null,
    more: rows.length > limit,
  };
}

/** `GET /api/activity`: a page, and the cursor of the next one when there is one. */
export async function listActivity(
  db: Database,
  query: ActivityFilter & { after: ActivityPosition | undefined; limit: number },
): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
  const page = await readActivityPage(db, query, query.after, query.limit);
  return {
    items: page.items,
    nextCursor: page.more && page.last ? encodeActivityCursor(page.last) : null,
  };
}
