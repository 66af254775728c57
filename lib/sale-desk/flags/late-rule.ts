import type { Rule } from './rule-input';

/**
 * A bid that arrives after its lot's `lot.closed` (in message order). One flag per late bid: a
 * flood of them is a flood of void bids the clerk must answer, each with its own paddle. The
 * winning bid itself arriving after the close (a late delivery) is not late. A late bid is void,
 * so the engine evaluates no other rule on it and it changes no state.
 */
export const lateRule: Rule = ({ bid, closed }) => {
  if (closed === undefined || closed.winningBidId === bid.bidId) return null;
  return { rule: 'late', paddles: [bid.bidder], bidIds: [bid.bidId] };
};
