/** Every flag rule, in the order the engine evaluates them (and so the order of a bid's flags). */
export const flagRules = [
  'jump',
  'not-higher',
  'self-raise',
  'late',
  'ping-pong',
  'burst',
  'far-over-estimate',
] as const;

export type FlagRule = (typeof flagRules)[number];

/**
 * Every threshold of every rule, in one table, so the product contract's numbers are changed in
 * one place (docs/product-contract.md, "Flags"). Rules without a number have no entry.
 */
export const flagThresholds = {
  /** A bid more than this many increments (walking the table) above the previous high bid. */
  jump: { incrementsAbove: 5 },
  /** This many consecutive bids, two paddles alternating at the minimum increment. */
  'ping-pong': { consecutiveBids: 6 },
  /** One paddle on this many different lots with every bid inside `windowMs` of placedAt. */
  burst: { lots: 4, windowMs: 10_000 },
  /** A high bid strictly above this multiple of the lot's high estimate. */
  'far-over-estimate': { highEstimateMultiple: 3 },
} as const;
