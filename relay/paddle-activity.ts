// Who bid on which lot lately, per sale, so that ordinary bidding never looks like a `burst` (one
// paddle on `flagThresholds.burst.lots` lots of a sale within its window): the simulator plays
// that pattern only on purpose. Paddle numbers are per sale, as the flags engine counts them.
import { flagThresholds } from '../lib/sale-desk/flags/flag-rules.ts';

const { lots: burstLots, windowMs } = flagThresholds.burst;

interface Activity {
  at: number;
  lotId: string;
}

export function createPaddleActivity() {
  const byPaddle = new Map<string, Activity[]>();
  const keyOf = (auctionId: string, paddle: string) => JSON.stringify([auctionId, paddle]);

  /** Its bids still inside a window ending at `at`; older ones are forgotten for good. */
  function recent(auctionId: string, paddle: string, at: number): Activity[] {
    const key = keyOf(auctionId, paddle);
    const kept = (byPaddle.get(key) ?? []).filter((entry) => entry.at >= at - windowMs);
    if (kept.length === 0) byPaddle.delete(key);
    else byPaddle.set(key, kept);
    return kept;
  }

  return {
    /**
     * True when a bid on `lotId` at `at` keeps the paddle below `burstLots` lots in any window:
     * every window holding this bid lies within [at − windowMs, at] (bids come in time order).
     */
    mayBid(auctionId: string, paddle: string, lotId: string, at: number): boolean {
      const lots = new Set(recent(auctionId, paddle, at).map((entry) => entry.lotId));
      lots.add(lotId);
      return lots.size < burstLots;
    },
    /** True when the paddle has not bid in the sale within the window: a clean start. */
    isIdle(auctionId: string, paddle: string, at: number): boolean {
      return recent(auctionId, paddle, at).length === 0;
    },
    /** Every bid the flags engine counts (all but late ones) must be recorded. */
    record(auctionId: string, paddle: string, lotId: string, at: number) {
      byPaddle.set(keyOf(auctionId, paddle), [...recent(auctionId, paddle, at), { at, lotId }]);
    },
  };
}

export type PaddleActivity = ReturnType<typeof createPaddleActivity>;
