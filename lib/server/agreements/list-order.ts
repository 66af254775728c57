import 'server-only';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AgreementSort } from '@/lib/agreements/agreement';
import { agreements } from '@/lib/server/db/schema';
import type { ListPosition } from './cursor';

/**
 * The close time as whole microseconds since 1970, exactly as stored: a millisecond `Date` would
 * round a cursor to before the row it names, and the next page would show that row again.
 */
export const closedAtMicros = sql<string>`(extract(epoch from ${agreements.closedAt}) * 1000000)::bigint::text`;

interface Order {
  /** ORDER BY: the sort value, then `seq`, both in the sort's direction. */
  orderBy: SQL[];
  /** The rows strictly after a position in this order. */
  after(position: ListPosition): SQL;
  /** The position of a row read with `closedAtMicros`. */
  positionOf(row: { amount: number; closedAtMicros: string; seq: number }): ListPosition;
}

/**
 * Keyset order for each sort: `(value, seq)` compared as a row, which the indexes
 * `(status, closed_at, seq)` and `(status, amount, seq)` serve in either direction.
 */
export function orderFor(sort: AgreementSort): Order {
  const descending = sort.startsWith('-');
  const byAmount = sort.endsWith('amount');
  const column = byAmount ? agreements.amount : agreements.closedAt;
  const direction = descending ? desc : asc;
  const beyond = descending ? sql`<` : sql`>`;
  return {
    orderBy: [direction(column), direction(agreements.seq)],
    after: ({ key, seq }) => {
      const value = byAmount
        ? sql`${key}::bigint`
        : sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`;
      return sql`(${column}, ${agreements.seq}) ${beyond} (${value}, ${seq}::bigint)`;
    },
    positionOf: (row) => ({
      key: byAmount ? String(row.amount) : row.closedAtMicros,
      seq: row.seq,
    }),
  };
}
