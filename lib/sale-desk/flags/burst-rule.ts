import type { Rule } from './rule-input';

/**
 * One paddle (within one sale: paddle numbers are per sale) bidding on `lots` different lots
 * inside `windowMs` of placedAt: a bot, or a shill covering a room. The window logic and its
 * once-per-window policy live in burst-window.ts; the flag sits on the lot of the bid that
 * completed the burst and names every bid of the window, in placed order.
 */
export const burstRule: Rule = ({ bid, burst }) => {
  if (burst === null) return null;
  return { rule: 'burst', paddles: [bid.bidder], bidIds: burst.map((entry) => entry.bidId) };
};
