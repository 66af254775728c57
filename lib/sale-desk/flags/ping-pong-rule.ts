import { flagThresholds } from './flag-rules';
import type { Rule } from './rule-input';

/**
 * Two paddles alternating, each bid exactly one increment over the other, past the high estimate,
 * with no third paddle: a shill-bidding signal. Fires once per run, on the bid that makes it
 * `consecutiveBids` long, naming those bids; a run that goes on raises nothing more. A run broken
 * (by another paddle, a bigger step, a self-raise) and started again is a new run.
 */
export const pingPongRule: Rule = ({ lotAfter }) => {
  const run = lotAfter.pingPong;
  if (run === null || run.length !== flagThresholds['ping-pong'].consecutiveBids) return null;
  return { rule: 'ping-pong', paddles: run.paddles, bidIds: run.bidIds };
};
