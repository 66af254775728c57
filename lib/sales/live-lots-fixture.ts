// Shared by live-lots' tests: the messages of one sale's channel, numbered in publish order, and
// the two folds they are checked against: the recorder's and the live desk's.
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import {
  applyBid,
  applyClosed,
  applyOpened,
  lotStatus,
  type LotRecord,
} from '@/lib/sale-desk/lot-record';
import type { Lot, RecordedLot } from './lot';
import { applyLiveMessage, type LiveMessage } from './live-lots';
import { recordedLot } from './recorded-lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';

export const SALE = 'sale-1';
/** 17-digit timetokens, past 2^53: built as integers, never as doubles. */
export const tt = (n: number) => (17_000_000_000_000_000n + BigInt(n)).toString();
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const iso = (n: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0, n)).toISOString();
export const key = (lotId: string, auctionId = SALE) => saleLotKey(auctionId, lotId);

export const catalogueLot = (lotId: string, lotNumber: number, extra: Partial<Lot> = {}): Lot => ({
  auctionId: SALE,
  lotId,
  lotNumber,
  lotTitle: `Catalogue title of ${lotId}`,
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  reserve: 150_000,
  startingBid: 50_000,
  scheduledCloseAt: null,
  ...extra,
});

export const placed = (
  n: number,
  lotId: string,
  bidder: string,
  amount: number,
  auctionId = SALE,
): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  auctionId,
  lotId,
  lotTitle: `Title of ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: iso(n),
});

/** Message `n` of the channel, published at `tt(n)`; a bid's id is `uuid(n)`. */
export const bid = (n: number, lotId: string, bidder: string, amount: number, auctionId = SALE) =>
  ({
    kind: 'bid',
    timetoken: tt(n),
    bid: placed(n, lotId, bidder, amount, auctionId),
  }) satisfies LiveMessage;
export const opened = (n: number, lotId: string, closesAt: string | null = null) =>
  ({
    kind: 'lot-opened',
    timetoken: tt(n),
    opened: { type: 'lot.opened', v: 1, auctionId: SALE, lotId, openedAt: iso(n), closesAt },
  }) satisfies LiveMessage;
export const closedNaming = (n: number, lotId: string, winningBidId: string | null) =>
  ({
    kind: 'lot-closed',
    timetoken: tt(n),
    closed: { type: 'lot.closed', v: 1, auctionId: SALE, lotId, winningBidId, closedAt: iso(n) },
  }) satisfies LiveMessage;
/** `winning`: the number of the bid the close names, null for a lot passed. */
export const closed = (n: number, lotId: string, winning: number | null) =>
  closedNaming(n, lotId, winning === null ? null : uuid(winning));

/**
 * The recorder's fold (lib/server/record/write-batch.ts): each message through the reducer in
 * publish order, a close's winning bid looked up by the id it names.
 */
export function recorderFold(messages: readonly LiveMessage[]): Map<string, LotRecord> {
  const records = new Map<string, LotRecord>();
  const bids = new Map<string, BidPlaced>();
  for (const message of messages) {
    switch (message.kind) {
      case 'bid': {
        const at = key(message.bid.lotId, message.bid.auctionId);
        bids.set(message.bid.bidId, message.bid);
        records.set(at, applyBid(records.get(at), message.bid, message.timetoken));
        break;
      }
      case 'lot-opened': {
        const at = key(message.opened.lotId, message.opened.auctionId);
        records.set(at, applyOpened(records.get(at), message.opened, message.timetoken));
        break;
      }
      case 'lot-closed': {
        const at = key(message.closed.lotId, message.closed.auctionId);
        const named =
          message.closed.winningBidId === null ? undefined : bids.get(message.closed.winningBidId);
        const winning = named ? { amount: named.amount, bidder: named.bidder } : null;
        records.set(at, applyClosed(records.get(at), message.closed, message.timetoken, winning));
        break;
      }
    }
  }
  return records;
}

/** The live fold of the messages onto an empty map, one `applyLiveMessage` each. */
export function liveFold(messages: readonly LiveMessage[], records = new Map<string, LotRecord>()) {
  for (const message of messages) applyLiveMessage(records, message);
  return records;
}

/** What the board shows of a lot: the figures a split must not change. */
export const shown = (record: LotRecord | undefined) =>
  record && {
    status: lotStatus(record),
    bids: record.bids,
    highBid: record.highBid,
    leader: record.leader,
    underbidder: record.underbidder,
    hammer: record.hammer,
    buyer: record.buyer,
    lastBidAt: record.lastBidAt,
    openedAt: record.openedAt,
    closedAt: record.closedAt,
  };

/** The record's read of the catalogue's lots as of `records` (what `GET /api/sales` answers). */
export const readBack = (
  lots: readonly Lot[],
  records: ReadonlyMap<string, LotRecord>,
): RecordedLot[] => lots.map((lot) => recordedLot(lot, records.get(key(lot.lotId))));
