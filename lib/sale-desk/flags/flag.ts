import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import type { FlagRule } from './flag-rules';

export interface Flag {
  id: string;
  rule: FlagRule;
  auctionId: string;
  lotId: string;
  paddles: string[];
  /** The bids that make the pattern, in the order they were placed; the raising bid among them. */
  bidIds: string[];
  /** The placedAt of the bid that raised the flag (not the time this browser saw it). */
  raisedAt: string;
}

/** What a rule answers: who and which bids; the engine adds the rest from the raising bid. */
export interface FlagDraft {
  rule: FlagRule;
  paddles: string[];
  bidIds: string[];
}

/**
 * Every rule raises at most one flag per bid, and bid ids are unique (the engine drops
 * duplicates), so rule + lot + the raising bid names a flag: two browsers that saw the same
 * messages compute the same id, and an acknowledgement stored under it survives a reload.
 */
export function toFlag(draft: FlagDraft, bid: BidPlaced): Flag {
  return {
    id: `${draft.rule}:${bid.auctionId}/${bid.lotId}:${bid.bidId}`,
    rule: draft.rule,
    auctionId: bid.auctionId,
    lotId: bid.lotId,
    // Copies: a draft may share its arrays with the engine's memory of the lot.
    paddles: [...draft.paddles],
    bidIds: [...draft.bidIds],
    raisedAt: bid.placedAt,
  };
}
