// The lot panel's bid ladder (docs/product-contract.md §11, `?sale=ID&lot=LOT`): pure, so the
// increments, the leader and the underbidder are unit-tested.
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import { isAfterClose, isNewer } from '@/lib/sale-desk/timetoken';

export interface LadderStep {
  bid: StoredBid;
  /** Over the bid before it on this lot (minor units); null for the first bid the store holds. */
  increment: number | null;
  /** Published after the lot's `lot.closed`: shown, never the leader or the underbidder. */
  late: boolean;
}

export interface LotLadder {
  /** Newest first, as the store holds them (its window bounds how far back it goes). */
  steps: LadderStep[];
  leader: StoredBid | null;
  /** The best bid of another paddle than the leader's. */
  underbidder: StoredBid | null;
}

/** `closedTimetoken`: the lot's `lot.closed`, null while it is open (as the lot board has it). */
export function lotLadder(
  bids: readonly StoredBid[],
  auctionId: string,
  lotId: string,
  closedTimetoken: string | null = null,
): LotLadder {
  const lotBids = bids.filter((bid) => bid.auctionId === auctionId && bid.lotId === lotId);
  const isLate = (bid: StoredBid) => isAfterClose(bid.timetoken, closedTimetoken);
  const steps = lotBids.map((bid, index) => {
    const previous = lotBids[index + 1];
    return { bid, increment: previous ? bid.amount - previous.amount : null, late: isLate(bid) };
  });
  // The lot's result: its bids up to the close, oldest first.
  const counted = lotBids.filter((bid) => !isLate(bid)).reverse();
  // The first highest bid leads: a later equal bid does not take the lead (as the lot board).
  let leader: StoredBid | null = null;
  for (const bid of counted) if (!leader || bid.amount > leader.amount) leader = bid;
  let underbidder: StoredBid | null = null;
  for (const bid of counted)
    if (bid.bidder !== leader?.bidder && (!underbidder || bid.amount > underbidder.amount))
      underbidder = bid;
  return { steps, leader, underbidder };
}

/** Bids of one lot from the store and from history, each once, newest first. */
export function mergeLotBids(
  held: readonly StoredBid[],
  fromHistory: readonly StoredBid[],
): StoredBid[] {
  const byId = new Map<string, StoredBid>();
  for (const bid of [...fromHistory, ...held]) byId.set(bid.bidId, bid);
  return newestFirst([...byId.values()]);
}

const newestFirst = (bids: StoredBid[]) =>
  bids.sort((a, b) =>
    a.timetoken === b.timetoken ? 0 : isNewer(a.timetoken, b.timetoken) ? -1 : 1,
  );
