import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { flagThresholds } from './flag-rules';
import type { CatalogueLot, LotMemory, Rule } from './rule-input';

/** A new high bid strictly above the multiple of the high estimate (exactly 3× is not above). */
export function isFarOverEstimate(
  lot: LotMemory,
  bid: BidPlaced,
  catalogue: CatalogueLot | undefined,
): boolean {
  if (catalogue === undefined) return false;
  const isNewHigh = lot.highBid === null || bid.amount > lot.highBid;
  const limit = flagThresholds['far-over-estimate'].highEstimateMultiple * catalogue.highEstimate;
  return isNewHigh && bid.amount > limit;
}

/**
 * Once per lot, on the first high bid above the limit: every later bid is above it too, and one
 * flag says all there is to say. A lot the catalogue did not know yet fires on its first new high
 * bid once the catalogue knows it.
 */
export const farOverEstimateRule: Rule = ({ bid, lot, lotAfter }) => {
  if (lot.farOverEstimateFlagged || !lotAfter.farOverEstimateFlagged) return null;
  return { rule: 'far-over-estimate', paddles: [bid.bidder], bidIds: [bid.bidId] };
};
