import 'server-only';
// The flags the recorder raised (docs/product-contract.md §13), newest first, each with the bids
// that raised it as the record holds them: a flag keeps its lot, paddles and amounts for good.
// Each is `open` until reviewed (§14); its reviews, oldest first, are its history.
import { asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '@/lib/server/db/database';
import { flagReviews, lots, saleFlags, saleMessages } from '@/lib/server/db/schema';
import type { FlagReview, RecordedFlag } from '@/lib/sales/recorded-flag';
import { recordedBidColumns } from './lot-bids';

type FlagRow = typeof saleFlags.$inferSelect;

/** How many flags the dashboard's read carries, across every sale: far more than a panel shows. */
export const recentFlagsLimit = 500;

/** The reviews of these flags, oldest first, by flag id. */
async function reviewsOf(
  db: Database | Transaction,
  rows: readonly FlagRow[],
): Promise<Map<string, FlagReview[]>> {
  const reviewed = rows.filter((row) => row.state !== 'open').map((row) => row.id);
  const byFlag = new Map<string, FlagReview[]>();
  if (reviewed.length === 0) return byFlag;
  const reviews = await db
    .select()
    .from(flagReviews)
    .where(inArray(flagReviews.flagId, reviewed))
    .orderBy(asc(flagReviews.reviewedAt), asc(flagReviews.id));
  for (const review of reviews) {
    const list = byFlag.get(review.flagId) ?? byFlag.set(review.flagId, []).get(review.flagId)!;
    list.push({
      outcome: review.outcome,
      note: review.note,
      loginId: review.loginId,
      displayName: review.displayName,
      reviewedAt: review.reviewedAt.toISOString(),
    });
  }
  return byFlag;
}

export async function withBids(
  db: Database | Transaction,
  rows: FlagRow[],
): Promise<RecordedFlag[]> {
  const ids = [...new Set(rows.flatMap((row) => row.bidIds))];
  const bids =
    ids.length === 0
      ? []
      : await db
          .select(recordedBidColumns)
          .from(saleMessages)
          .where(inArray(saleMessages.bidId, ids));
  const byId = new Map(bids.map((bid) => [bid.bidId!, bid]));
  const reviews = await reviewsOf(db, rows);
  return rows.map((row) => {
    const found = row.bidIds.flatMap((id) => {
      const bid = byId.get(id);
      if (!bid || bid.bidder === null || bid.amount === null || bid.currency === null) return [];
      const { placedAt, lotTitle } = bid.payload as { placedAt: string; lotTitle: string };
      return [
        {
          bidId: id,
          bidder: bid.bidder,
          amount: bid.amount,
          currency: bid.currency,
          placedAt,
          lotTitle,
        },
      ];
    });
    return {
      id: row.id,
      rule: row.rule as RecordedFlag['rule'],
      auctionId: row.auctionId,
      lotId: row.lotId,
      lotTitle: found.find((bid) => bid.bidId === row.bidIds.at(-1))?.lotTitle ?? null,
      paddles: row.paddles,
      bidIds: row.bidIds,
      bids: found.map(({ lotTitle: _, ...bid }) => bid),
      raisedAt: row.raisedAt.toISOString(),
      timetoken: row.timetoken,
      state: row.state,
      reviews: reviews.get(row.id) ?? [],
    };
  });
}

/** One sale's flags; null when the sale is unknown to the catalogue and has no flag. */
export async function saleFlagList(
  db: Database,
  auctionId: string,
): Promise<{ items: RecordedFlag[] } | null> {
  const rows = await db
    .select()
    .from(saleFlags)
    .where(eq(saleFlags.auctionId, auctionId))
    .orderBy(desc(saleFlags.timetoken), desc(saleFlags.id));
  if (rows.length === 0) {
    const [known] = await db
      .select({ lotId: lots.lotId })
      .from(lots)
      .where(eq(lots.auctionId, auctionId))
      .limit(1);
    if (!known) return null;
  }
  return { items: await withBids(db, rows) };
}

/**
 * The newest flags of every sale, at most `limit`; with `after`, only those raised by a message
 * published after it (the recorder raises them in publish order, in the transaction that moves
 * its cursor: a read that saw the cursor at `after` saw every flag up to it).
 */
export async function recentFlags(
  db: Database,
  { limit = recentFlagsLimit, after }: { limit?: number; after?: string } = {},
): Promise<RecordedFlag[]> {
  const rows = await db
    .select()
    .from(saleFlags)
    .where(after === undefined ? undefined : gt(saleFlags.timetoken, after))
    .orderBy(desc(saleFlags.timetoken), desc(saleFlags.id))
    .limit(limit);
  return withBids(db, rows);
}
