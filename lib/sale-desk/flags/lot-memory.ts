import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { isFarOverEstimate } from './far-over-estimate-rule';
import { advancePingPong } from './ping-pong-run';
import type { CatalogueLot, LotMemory } from './rule-input';

export const emptyLot = (): LotMemory => ({
  highBid: null,
  highBidId: null,
  leader: null,
  pingPong: null,
  farOverEstimateFlagged: false,
});

/** The lot after a (not late) bid: only a higher bid changes the high bid and the leader. */
export function advanceLot(
  lot: LotMemory,
  bid: BidPlaced,
  catalogue: CatalogueLot | undefined,
): LotMemory {
  const isHigher = lot.highBid === null || bid.amount > lot.highBid;
  return {
    highBid: isHigher ? bid.amount : lot.highBid,
    highBidId: isHigher ? bid.bidId : lot.highBidId,
    leader: isHigher ? bid.bidder : lot.leader,
    pingPong: advancePingPong(lot, bid, catalogue),
    farOverEstimateFlagged: lot.farOverEstimateFlagged || isFarOverEstimate(lot, bid, catalogue),
  };
}
