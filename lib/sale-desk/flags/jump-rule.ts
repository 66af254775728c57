import { incrementsBetween } from '../bid-increments';
import { flagThresholds } from './flag-rules';
import type { Rule } from './rule-input';

/**
 * A bid more than `incrementsAbove` increments (walking the table across bands) above the lot's
 * previous high bid; exactly that many is an ordinary, if bold, bid. The first bid on a lot has no
 * previous high bid and never jumps. One flag per jumping bid: each is its own anomaly.
 */
export const jumpRule: Rule = ({ bid, lot }) => {
  if (lot.highBid === null || lot.highBidId === null) return null;
  const steps = incrementsBetween(lot.highBid, bid.amount, bid.currency);
  if (steps <= flagThresholds.jump.incrementsAbove) return null;
  return { rule: 'jump', paddles: [bid.bidder], bidIds: [lot.highBidId, bid.bidId] };
};
