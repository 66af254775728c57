import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { nextBidAt } from '../bid-increments';
import { flagThresholds } from './flag-rules';
import type { CatalogueLot, LotMemory, PingPongRun } from './rule-input';

const { consecutiveBids } = flagThresholds['ping-pong'];

/**
 * A bid can be part of a run when it is exactly one increment over the lot's high bid and strictly
 * above the lot's high estimate. Without a catalogue entry nothing is eligible.
 */
function isEligible(lot: LotMemory, bid: BidPlaced, catalogue: CatalogueLot | undefined) {
  return (
    catalogue !== undefined &&
    lot.highBid !== null &&
    bid.amount === nextBidAt(lot.highBid, bid.currency) &&
    bid.amount > catalogue.highEstimate
  );
}

const startRun = (paddles: string[], bidIds: string[], bid: BidPlaced): PingPongRun => ({
  paddles,
  lastPaddle: bid.bidder,
  lastBidId: bid.bidId,
  bidIds,
  length: bidIds.length,
});

/**
 * The lot's run after this bid: the longest stretch of its latest consecutive bids that are all
 * eligible and alternate between two paddles. Any other bid on the lot ends the run; a third paddle
 * starts a new run with the bid before it; the same paddle twice starts over from its second bid.
 */
export function advancePingPong(
  lot: LotMemory,
  bid: BidPlaced,
  catalogue: CatalogueLot | undefined,
): PingPongRun | null {
  if (!isEligible(lot, bid, catalogue)) return null;
  const run = lot.pingPong;
  if (run === null || run.lastPaddle === bid.bidder)
    return startRun([bid.bidder], [bid.bidId], bid);
  if (run.paddles.length === 2 && !run.paddles.includes(bid.bidder))
    return startRun([run.lastPaddle, bid.bidder], [run.lastBidId, bid.bidId], bid);
  return {
    paddles: run.paddles.length === 2 ? run.paddles : [...run.paddles, bid.bidder],
    lastPaddle: bid.bidder,
    lastBidId: bid.bidId,
    bidIds: run.bidIds.length < consecutiveBids ? [...run.bidIds, bid.bidId] : run.bidIds,
    length: run.length + 1,
  };
}
