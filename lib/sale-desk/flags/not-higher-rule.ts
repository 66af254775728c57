import type { Rule } from './rule-input';

/**
 * A bid at or below the lot's current high bid: the platform should never have accepted it.
 * It does not change the high bid or the leader. One flag per such bid.
 */
export const notHigherRule: Rule = ({ bid, lot }) => {
  if (lot.highBid === null || lot.highBidId === null || bid.amount > lot.highBid) return null;
  return { rule: 'not-higher', paddles: [bid.bidder], bidIds: [lot.highBidId, bid.bidId] };
};
