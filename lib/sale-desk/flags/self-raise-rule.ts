import type { Rule } from './rule-input';

/**
 * The leading paddle bids higher over its own high bid (bidding against oneself inflates the
 * price). A leader's bid at or below its own high bid is `not-higher`, not this. One flag per
 * raising bid.
 */
export const selfRaiseRule: Rule = ({ bid, lot }) => {
  if (lot.highBid === null || lot.highBidId === null) return null;
  if (lot.leader !== bid.bidder || bid.amount <= lot.highBid) return null;
  return { rule: 'self-raise', paddles: [bid.bidder], bidIds: [lot.highBidId, bid.bidId] };
};
