import 'server-only';
import { and, count } from 'drizzle-orm';
import type { Agreement, AgreementList } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import { agreements } from '@/lib/server/db/schema';
import type { ListFilter, ListQuery } from './agreement-input';
import { agreementColumns, toAgreement } from './agreement-row';
import { encodeCursor, type ListPosition } from './cursor';
import { filterConditions } from './list-filter';
import { withLotContext } from './lot-context';
import { closedAtMicros, orderFor } from './list-order';

export interface AgreementBatch {
  items: Agreement[];
  /** Where the last item stands in the order: the next batch starts after it. */
  last: ListPosition | null;
}

/** Rows of the filter in its order after `after`, each with the close time its cursor needs. */
export function selectAgreementRows(
  db: Database,
  filter: ListFilter,
  after: ListPosition | undefined,
  limit: number,
) {
  const order = orderFor(filter.sort);
  const conditions = filterConditions(filter);
  if (after) conditions.push(order.after(after));
  return db
    .select({ ...agreementColumns, closedAtMicros })
    .from(agreements)
    .where(and(...conditions))
    .orderBy(...order.orderBy)
    .limit(limit);
}

/**
 * Up to `limit` agreements of the filter in its order, strictly after `after`. Keyset pagination:
 * a batch starts after the last item of the one before, so nothing is skipped or repeated while
 * agreements arrive or leave the filter (docs/adr/0005 and 0012).
 */
export async function readAgreements(
  db: Database,
  filter: ListFilter,
  after: ListPosition | undefined,
  limit: number,
): Promise<AgreementBatch> {
  const rows = await selectAgreementRows(db, filter, after, limit);
  const lastRow = rows.at(-1);
  return {
    items: rows.map((row) => toAgreement(row)),
    last: lastRow ? orderFor(filter.sort).positionOf(lastRow) : null,
  };
}

/** How many agreements the filter matches, wherever a page starts. */
export const countAgreementRows = (db: Database, filter: ListFilter) =>
  db
    .select({ total: count() })
    .from(agreements)
    .where(and(...filterConditions(filter)));

async function countAgreements(db: Database, filter: ListFilter): Promise<number> {
  const [row] = await countAgreementRows(db, filter);
  return row?.total ?? 0;
}

/**
 * One page of `GET /api/agreements`: by default the queue, the lot closed longest ago on top;
 * `total` counts the whole filter, not what is left after the cursor. Each item with its lot's
 * context (sale title, lot number, flags: contract §14).
 */
export async function listAgreements(db: Database, query: ListQuery): Promise<AgreementList> {
  const [rows, total] = await Promise.all([
    // One more than the page: whether there is a next page, without counting.
    selectAgreementRows(db, query, query.cursor, query.limit + 1),
    countAgreements(db, query),
  ]);
  const page = rows.slice(0, query.limit);
  const lastShown = rows.length > query.limit ? page.at(-1) : undefined;
  return {
    items: await withLotContext(
      db,
      page.map((row) => toAgreement(row)),
    ),
    nextCursor: lastShown
      ? encodeCursor(query.sort, orderFor(query.sort).positionOf(lastShown))
      : null,
    total,
  };
}
