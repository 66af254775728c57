import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { flagThresholds } from './flag-rules';
import type { PaddleBid } from './rule-input';

const { lots: burstLots, windowMs } = flagThresholds.burst;

/** One paddle's recent bids, by placedAt; bids up to `coveredUntil` belong to a burst already flagged. */
export interface PaddleMemory {
  bids: PaddleBid[];
  coveredUntil: number | null;
}

export const emptyPaddle = (): PaddleMemory => ({ bids: [], coveredUntil: null });

/** The earliest window of `windowMs` holding `bid` and bids on `burstLots` different lots. */
function findBurst(bids: PaddleBid[], bid: PaddleBid): PaddleBid[] | null {
  for (let start = 0; start < bids.length; start += 1) {
    const from = bids[start]!.at;
    if (from < bid.at - windowMs) continue;
    if (from > bid.at) break;
    const window = bids.slice(start).filter((entry) => entry.at <= from + windowMs);
    if (new Set(window.map((entry) => entry.lotKey)).size >= burstLots) return window;
  }
  return null;
}

/**
 * Adds a bid to its paddle's window and reports a burst it completes. Times are the bids' own
 * placedAt, not the clock, so every browser that saw the same bids computes the same bursts.
 * One flag per window: a flagged burst covers up to its first bid + `windowMs`; bids inside it
 * are absorbed, and a new burst needs `burstLots` lots again from bids after it.
 * Memory: bids older than the newest minus `windowMs` go, and at most `maxBids` stay.
 */
export function advancePaddle(
  memory: PaddleMemory,
  bid: BidPlaced,
  lotKey: string,
  maxBids: number,
): { memory: PaddleMemory; burst: PaddleBid[] | null } {
  const entry = { at: Date.parse(bid.placedAt), lotKey, bidId: bid.bidId };
  if (memory.coveredUntil !== null && entry.at <= memory.coveredUntil)
    return { memory, burst: null };
  // Placed order, arrival order among equal times, so equal inputs give equal windows.
  const bids = [...memory.bids.filter((held) => held.at <= entry.at), entry];
  bids.push(...memory.bids.filter((held) => held.at > entry.at));
  const newest = bids[bids.length - 1]!.at;
  const kept = bids.filter((held) => held.at >= newest - windowMs).slice(-maxBids);
  const burst = kept.includes(entry) ? findBurst(kept, entry) : null;
  if (burst === null) return { memory: { bids: kept, coveredUntil: memory.coveredUntil }, burst };
  const coveredUntil = burst[0]!.at + windowMs;
  return { memory: { bids: kept.filter((held) => held.at > coveredUntil), coveredUntil }, burst };
}
