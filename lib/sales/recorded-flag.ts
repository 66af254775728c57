// A flag as the console's record answers it (docs/product-contract.md §13): the engine's flag
// with the bids that raised it as recorded, so it keeps its amounts and its lot however old.
import * as z from 'zod/mini';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { flagRules } from '@/lib/sale-desk/flags/flag-rules';
import { flagStates, reviewOutcomes, type FlagState } from '@/lib/sale-desk/flags/flag-review';

export const flagBidSchema = z.object({
  bidId: z.string(),
  bidder: z.string(),
  amount: z.int(),
  currency: z.string(),
  placedAt: z.iso.datetime({ offset: true }),
});
export type FlagBid = z.infer<typeof flagBidSchema>;

/** One review of a flag (contract §14): kept for good, the flag's history. */
export const flagReviewSchema = z.object({
  outcome: z.enum(reviewOutcomes),
  note: z.string(),
  loginId: z.string(),
  displayName: z.string(),
  reviewedAt: z.iso.datetime({ offset: true }),
});
export type FlagReview = z.infer<typeof flagReviewSchema>;

export const recordedFlagSchema = z.object({
  id: z.string(),
  rule: z.enum(flagRules),
  auctionId: z.string(),
  lotId: z.string(),
  /** The raising bid's lot title; null when the record no longer holds it (retention). */
  lotTitle: z.nullable(z.string()),
  paddles: z.array(z.string()),
  bidIds: z.array(z.string()),
  /** The flag's bids the record holds, in the flag's order. */
  bids: z.array(flagBidSchema),
  raisedAt: z.iso.datetime({ offset: true }),
  timetoken: z.string(),
  state: z.enum(flagStates),
  /** Oldest first. */
  reviews: z.array(flagReviewSchema),
});
export type RecordedFlag = z.infer<typeof recordedFlagSchema>;

/** A flag as the sale desk shows it: the record's, with its bids, its state and its reviews. */
export type DeskFlag = Flag & {
  bids?: readonly FlagBid[];
  lotTitle?: string | null;
  /** `open` when absent. */
  state?: FlagState;
  reviews?: readonly FlagReview[];
};

const newestFirst = (a: DeskFlag, b: DeskFlag) =>
  a.raisedAt === b.raisedAt
    ? a.id < b.id
      ? 1
      : a.id > b.id
        ? -1
        : 0
    : a.raisedAt < b.raisedAt
      ? 1
      : -1;

/**
 * The record's flags as the desk shows them (the recorder raises every flag, §13; this browser
 * raises none), newest first: the order is the same in every browser.
 */
export function deskFlags(recorded: readonly RecordedFlag[]): DeskFlag[] {
  return recorded.map(shownOf).sort(newestFirst);
}

// The same recorded flag is shown by the same object, read after read: the panel's items compare
// their flag by identity and render again only when it changed (a review, a new flag), not for
// every read of the record that brought one more flag (docs/benchmarks.md, 2026-11-28).
const shownFlags = new WeakMap<RecordedFlag, DeskFlag>();
function shownOf(flag: RecordedFlag): DeskFlag {
  let shown = shownFlags.get(flag);
  if (!shown) {
    const { timetoken: _timetoken, ...rest } = flag;
    shown = rest;
    shownFlags.set(flag, shown);
  }
  return shown;
}
