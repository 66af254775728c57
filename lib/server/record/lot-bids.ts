import 'server-only';
// A lot's ladder from the record: every bid, newest first, in keyset pages on the timetoken.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';
import { lotRecords, lots, saleMessages } from '@/lib/server/db/schema';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { isAfterClose } from '@/lib/sale-desk/timetoken';

export const lotBidsPageSize = 100;

/** A recorded bid's columns as the ladder and the flags read them (the payload for `placedAt`). */
export const recordedBidColumns = {
  bidId: saleMessages.bidId,
  bidder: saleMessages.bidder,
  amount: saleMessages.amount,
  currency: saleMessages.currency,
  payload: saleMessages.payload,
};

export interface LadderBid {
  bidId: string;
  bidder: string;
  amount: number;
  currency: string;
  placedAt: string;
  /** Its rise over the bid recorded before it on the lot (negative for a lower one); null first. */
  increment: number | null;
  timetoken: string;
  /** Published after the lot's close: counted, never its result. */
  late: boolean;
}

export interface LotBidsPage {
  items: LadderBid[];
  nextCursor: string | null;
}

/** Null when neither the catalogue nor the record knows the lot. */
export async function lotBidsPage(
  db: Database,
  auctionId: string,
  lotId: string,
  { cursor, limit = lotBidsPageSize }: { cursor?: string; limit?: number },
): Promise<LotBidsPage | null> {
  return db.transaction(
    async (tx) => {
      const ofLot = and(
        eq(saleMessages.auctionId, auctionId),
        eq(saleMessages.lotId, lotId),
        eq(saleMessages.type, 'bid.placed'),
      );
      // One more than the page: the bid before the page's oldest gives that one's increment.
      const rows = await tx
        .select({ timetoken: saleMessages.timetoken, ...recordedBidColumns })
        .from(saleMessages)
        .where(cursor ? and(ofLot, lt(saleMessages.timetoken, cursor)) : ofLot)
        .orderBy(desc(saleMessages.timetoken))
        .limit(limit + 1);
      const [record] = await tx
        .select({ record: lotRecords.record })
        .from(lotRecords)
        .where(and(eq(lotRecords.auctionId, auctionId), eq(lotRecords.lotId, lotId)));
      if (!record && rows.length === 0) {
        const [catalogued] = await tx
          .select({ lotId: lots.lotId })
          .from(lots)
          .where(and(eq(lots.auctionId, auctionId), eq(lots.lotId, lotId)));
        if (!catalogued) return null;
      }
      const closedTimetoken = (record?.record as LotRecord | undefined)?.closedTimetoken ?? null;
      const shown = rows.slice(0, limit);
      return {
        items: shown.map((row, index) => {
          const before = rows[index + 1];
          return {
            bidId: row.bidId!,
            bidder: row.bidder!,
            amount: row.amount!,
            currency: row.currency!,
            placedAt: (row.payload as { placedAt: string }).placedAt,
            increment: before ? row.amount! - before.amount! : null,
            timetoken: row.timetoken,
            late: isAfterClose(row.timetoken, closedTimetoken),
          };
        }),
        nextCursor: rows.length > limit ? shown.at(-1)!.timetoken : null,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
