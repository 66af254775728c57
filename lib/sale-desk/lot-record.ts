// One lot's state as the sale record gives it (docs/product-contract.md §13): a pure transition
// per message of `bids`, applied in publish order by the recorder (and by whoever replays the
// record), so every staff member reads the same lot however long their browser has been open.
import type { BidPlaced, LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import { isAfterClose } from './timetoken';

export type LotStatus = 'upcoming' | 'open' | 'sold' | 'passed';

/**
 * A valid message of `bids` with its timetoken: what the recorder records and what the sale desk
 * folds on live, the same to both.
 */
export type SaleMessage = { timetoken: string } & (
  | { kind: 'bid'; bid: BidPlaced }
  | { kind: 'lot-closed'; closed: LotClosed }
  | { kind: 'lot-opened'; opened: LotOpened }
);

/** The lot a message is about. */
export function lotOf(message: SaleMessage): { auctionId: string; lotId: string } {
  switch (message.kind) {
    case 'bid':
      return message.bid;
    case 'lot-closed':
      return message.closed;
    case 'lot-opened':
      return message.opened;
  }
}

export interface LotRecord {
  auctionId: string;
  lotId: string;
  /** From its bids: the catalogue may lack the lot. */
  lotTitle: string | null;
  currency: string | null;
  /** The highest bid placed before the close (minor units), its id and paddle. */
  highBid: number | null;
  highBidId: string | null;
  leader: string | null;
  /** The paddle the leader outbid last: the lot's second-highest bidder. */
  underbidder: string | null;
  /** Every bid recorded, late ones included. */
  bids: number;
  /** Bids published after the lot's close: counted, never its result. */
  lateBids: number;
  /** Distinct paddles, in the order they first bid. */
  paddles: string[];
  /** placedAt (ISO 8601) of the newest bid. */
  lastBidAt: string | null;
  openedAt: string | null;
  /** When bidding started: its `lot.opened` (the last, if offered again), else its first bid. */
  startedAt: string | null;
  /** The close announced by `lot.opened`; null when it gave none. */
  closesAt: string | null;
  closedAt: string | null;
  /** The timetoken of the lot's `lot.closed` (null while open): later bids are late. */
  closedTimetoken: string | null;
  winningBidId: string | null;
  /** The winning bid's amount and paddle, when the lot sold. */
  hammer: number | null;
  buyer: string | null;
  lastTimetoken: string;
}

export function emptyLotRecord(lot: { auctionId: string; lotId: string }, timetoken: string) {
  return {
    auctionId: lot.auctionId,
    lotId: lot.lotId,
    lotTitle: null,
    currency: null,
    highBid: null,
    highBidId: null,
    leader: null,
    underbidder: null,
    bids: 0,
    lateBids: 0,
    paddles: [],
    lastBidAt: null,
    openedAt: null,
    startedAt: null,
    closesAt: null,
    closedAt: null,
    closedTimetoken: null,
    winningBidId: null,
    hammer: null,
    buyer: null,
    lastTimetoken: timetoken,
  } satisfies LotRecord;
}

/** A bid: counted; the new high bid when placed before the close and above the high bid. */
export function applyBid(
  record: LotRecord | undefined,
  bid: BidPlaced,
  timetoken: string,
): LotRecord {
  const lot = record ?? emptyLotRecord(bid, timetoken);
  const late = isAfterClose(timetoken, lot.closedTimetoken);
  const higher = !late && (lot.highBid === null || bid.amount > lot.highBid);
  const outbids = higher && lot.leader !== null && lot.leader !== bid.bidder;
  return {
    ...lot,
    lotTitle: bid.lotTitle,
    currency: bid.currency,
    highBid: higher ? bid.amount : lot.highBid,
    highBidId: higher ? bid.bidId : lot.highBidId,
    leader: higher ? bid.bidder : lot.leader,
    underbidder: outbids ? lot.leader : lot.underbidder,
    bids: lot.bids + 1,
    lateBids: lot.lateBids + (late ? 1 : 0),
    paddles: lot.paddles.includes(bid.bidder) ? lot.paddles : [...lot.paddles, bid.bidder],
    lastBidAt: bid.placedAt,
    // Records written before this field had none: their first bid from now on starts them.
    startedAt: lot.startedAt ?? bid.placedAt,
    lastTimetoken: timetoken,
  };
}

/** Bidding starts, or starts again after a close (the lot offered again): its result is undone. */
export function applyOpened(
  record: LotRecord | undefined,
  opened: LotOpened,
  timetoken: string,
): LotRecord {
  const lot = record ?? emptyLotRecord(opened, timetoken);
  return {
    ...lot,
    openedAt: opened.openedAt,
    startedAt: opened.openedAt,
    closesAt: opened.closesAt,
    closedAt: null,
    closedTimetoken: null,
    winningBidId: null,
    hammer: null,
    buyer: null,
    lastTimetoken: timetoken,
  };
}

/**
 * The close: sold when it names a winning bid (`winning` is that bid as recorded: its amount and
 * paddle give the hammer and the buyer), passed when it names none.
 */
export function applyClosed(
  record: LotRecord | undefined,
  closed: LotClosed,
  timetoken: string,
  winning: { amount: number; bidder: string } | null,
): LotRecord {
  const lot = record ?? emptyLotRecord(closed, timetoken);
  return {
    ...lot,
    closedAt: closed.closedAt,
    closedTimetoken: timetoken,
    winningBidId: closed.winningBidId,
    hammer: closed.winningBidId === null ? null : (winning?.amount ?? null),
    buyer: closed.winningBidId === null ? null : (winning?.bidder ?? null),
    lastTimetoken: timetoken,
  };
}

/** Upcoming without a record; sold or passed once closed; open when opened or bid on. */
export function lotStatus(record: LotRecord | undefined): LotStatus {
  if (!record) return 'upcoming';
  if (record.closedTimetoken !== null) return record.winningBidId === null ? 'passed' : 'sold';
  return 'open';
}
