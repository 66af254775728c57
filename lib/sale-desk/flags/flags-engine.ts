import type { BidPlaced, LotClosed } from '@/lib/sale-desk/bid-messages';
import { createRecentIds, setRecent } from './bounded-recent';
import { advancePaddle, emptyPaddle, type PaddleMemory } from './burst-window';
import { burstRule } from './burst-rule';
import { toFlag, type Flag } from './flag';
import { emptyFlagCounts } from './flag-counts';
import { flagThresholds } from './flag-rules';
import { farOverEstimateRule } from './far-over-estimate-rule';
import { jumpRule } from './jump-rule';
import { lateRule } from './late-rule';
import { lotKeyOf } from '@/lib/sale-desk/sale-lot-key';
import { advanceLot, emptyLot } from './lot-memory';
import { notHigherRule } from './not-higher-rule';
import { pingPongRule } from './ping-pong-rule';
import type { CatalogueLookup, LotMemory, Rule } from './rule-input';
import { selfRaiseRule } from './self-raise-rule';

export interface FlagsEngineOptions {
  /** Must answer the same for every browser (the sale's catalogue) to keep flags equal. */
  catalogue?: CatalogueLookup;
  /** Lots remembered (high bid, leader, run), least recently bid on evicted first. */
  maxLots?: number;
  /** Closed lots remembered for `late`; a close can come long before a late bid. */
  maxClosedLots?: number;
  /** Paddles with a burst window, least recently active evicted first. */
  maxPaddles?: number;
  /** Bids held per paddle window; a burst needs only `flagThresholds.burst.lots` of them. */
  maxBidsPerPaddle?: number;
  /** Bid ids remembered to drop a replayed bid, as the bid store does. */
  maxSeenBids?: number;
  /** Flags kept for `flags()`; `counts()` keeps counting past it. */
  maxFlags?: number;
}

/** Every rule but `late`, in the order of flagRules: a bid's flags come in this order. */
const lotRules: Rule[] = [
  jumpRule,
  notHigherRule,
  selfRaiseRule,
  pingPongRule,
  burstRule,
  farOverEstimateRule,
];

/**
 * Evaluates the flag rules as messages arrive (docs/product-contract.md, "Flags"). Deterministic:
 * the same messages in the same order give the same flags with the same ids in every browser,
 * since nothing reads the clock. Memory is bounded: each lot and each paddle holds a constant or
 * capped state, and every map evicts its least recent entry past its bound.
 * Cost per bid, whatever the length of the sale: a few Map operations, an increment walk of at most
 * one loop per band of the table, and a burst scan of the paddle's window, quadratic in
 * `maxBidsPerPaddle` (256 comparisons at the default). Tests assert no timing.
 */
export function createFlagsEngine({
  catalogue,
  maxLots = 200,
  maxClosedLots = 1_000,
  maxPaddles = 1_000,
  maxBidsPerPaddle = 4 * flagThresholds.burst.lots,
  maxSeenBids = 10_000,
  maxFlags = 500,
}: FlagsEngineOptions = {}) {
  const lots = new Map<string, LotMemory>();
  const closedLots = new Map<string, { winningBidId: string | null }>();
  const paddles = new Map<string, PaddleMemory>();
  const seenBidIds = createRecentIds(maxSeenBids);
  // Oldest first; read newest first.
  const raised: Flag[] = [];
  let counts = emptyFlagCounts();

  function record(flags: Flag[]) {
    for (const flag of flags) {
      raised.push(flag);
      counts[flag.rule] += 1;
    }
    if (raised.length > maxFlags) raised.splice(0, raised.length - maxFlags);
    return flags;
  }

  return {
    /** Evaluates one bid; answers the flags it raised (none for a bid already seen). */
    onBid(bid: BidPlaced): Flag[] {
      if (seenBidIds.has(bid.bidId)) return [];
      seenBidIds.add(bid.bidId);
      const lotKey = lotKeyOf(bid);
      const lot = lots.get(lotKey) ?? emptyLot();
      const closed = closedLots.get(lotKey);
      const late = lateRule({ bid, lot, lotAfter: lot, closed, burst: null });
      if (late !== null) return record([toFlag(late, bid)]);

      const lotAfter = advanceLot(lot, bid, catalogue?.(bid.auctionId, bid.lotId));
      // Paddle numbers are per sale: the same "Paddle 12" in two sales is two people.
      const paddleKey = JSON.stringify([bid.auctionId, bid.bidder]);
      const paddle = advancePaddle(
        paddles.get(paddleKey) ?? emptyPaddle(),
        bid,
        lotKey,
        maxBidsPerPaddle,
      );
      setRecent(lots, lotKey, lotAfter, maxLots);
      setRecent(paddles, paddleKey, paddle.memory, maxPaddles);

      const input = { bid, lot, lotAfter, closed, burst: paddle.burst };
      const drafts = lotRules.map((rule) => rule(input)).filter((draft) => draft !== null);
      return record(drafts.map((draft) => toFlag(draft, bid)));
    },
    onLotClosed(closedLot: LotClosed) {
      setRecent(
        closedLots,
        lotKeyOf(closedLot),
        { winningBidId: closedLot.winningBidId },
        maxClosedLots,
      );
    },
    /**
     * A lot opened again after its close takes bids again: they are no longer late. Takes the
     * `lot.opened` message, or anything naming the lot, until that message has its schema.
     */
    onLotOpened(opened: { auctionId: string; lotId: string }) {
      closedLots.delete(lotKeyOf(opened));
    },
    /** Newest first, at most `maxFlags`. */
    flags: (): Flag[] => raised.slice().reverse(),
    /** Flags raised per rule since the engine started (or was reset), evicted ones included. */
    counts: () => ({ ...counts }),
    /** Sign-out: nothing of the last session's sale stays in memory. */
    reset() {
      lots.clear();
      closedLots.clear();
      paddles.clear();
      seenBidIds.clear();
      raised.length = 0;
      counts = emptyFlagCounts();
    },
  };
}

export type FlagsEngine = ReturnType<typeof createFlagsEngine>;
