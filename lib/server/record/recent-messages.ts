import 'server-only';
// The dashboard's first load from the record (docs/product-contract.md §13): the newest messages
// for its feed, the bids before them counted per second for its rates, and how far the record
// reaches, from which the browser reads on (history, then its subscription). A few hundred rows,
// not the thousands of messages a replay of history took.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { EarlierCount, IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import type { Database, Transaction } from '@/lib/server/db/database';
import { saleMessages } from '@/lib/server/db/schema';
import { recordedThrough } from './write-batch';

/** The feed's window (lib/realtime/bid-store.ts): the messages a dashboard shows from the start. */
export const recentMessagesLimit = 500;
/** The longest rate a dashboard draws (the bid rate's five minutes). */
export const recentRateSeconds = 300;

export interface RecentFromRecord {
  /** Oldest first: the newest `recentMessagesLimit` messages recorded. */
  messages: IncomingMessage[];
  /**
   * The bids of the last `recentRateSeconds` published before `messages` (which the browser
   * counts itself as it takes them), per second and sale.
   */
  earlierCounts: EarlierCount[];
  /** The newest timetoken the record reaches (recorded or refused). */
  recordedThrough: string;
}

/** Null while the record holds nothing: the first load then reads history as before. */
export async function recentFromRecord(
  db: Database,
  { limit = recentMessagesLimit, now = Date.now }: { limit?: number; now?: () => number } = {},
): Promise<RecentFromRecord | null> {
  return db.transaction(
    async (tx) => {
      const through = await recordedThrough(tx);
      if (through === null) return null;
      const newest = await tx
        .select({ timetoken: saleMessages.timetoken, payload: saleMessages.payload })
        .from(saleMessages)
        .orderBy(desc(saleMessages.timetoken))
        .limit(limit);
      const messages = newest
        .reverse()
        .map(({ timetoken, payload }) => ({ timetoken, payload }) satisfies IncomingMessage);
      const oldest = messages[0]?.timetoken;
      // Nothing before the messages when the record holds fewer than the limit.
      const earlierCounts =
        oldest === undefined || messages.length < limit
          ? []
          : await countsBefore(tx, oldest, timetokenFromMs(now() - recentRateSeconds * 1000));
      return { messages, earlierCounts, recordedThrough: through };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function countsBefore(
  tx: Transaction,
  before: string,
  since: string,
): Promise<EarlierCount[]> {
  // Timetokens are 17 digits (a check holds them so): text order is time order, and the first 10
  // digits are the epoch second.
  const second = sql<string>`substr(${saleMessages.timetoken}, 1, 10)`;
  const rows = await tx
    .select({ second, auctionId: saleMessages.auctionId, bids: sql<number>`count(*)::int` })
    .from(saleMessages)
    .where(
      and(
        eq(saleMessages.type, 'bid.placed'),
        gte(saleMessages.timetoken, since),
        lt(saleMessages.timetoken, before),
      ),
    )
    .groupBy(second, saleMessages.auctionId);
  return rows.map((row) => ({
    second: Number(row.second),
    auctionId: row.auctionId,
    bids: Number(row.bids),
  }));
}
