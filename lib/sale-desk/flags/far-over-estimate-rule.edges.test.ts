/** @jest-environment node */
// Mutation-testing follow-up: `isFarOverEstimate` must only fire on a NEW high bid. Without these
// cases, flipping `isNewHigh` (always true, or `>=`) survives: once per lot hides it, except for a
// lot the catalogue learns about after the lot was already past the limit.
import { createFlagsEngine } from './flags-engine';
import { isFarOverEstimate } from './far-over-estimate-rule';
import { emptyLot } from './lot-memory';
import type { CatalogueLot } from './rule-input';
import { bidOf, summary } from '@/testing/sale-desk/flag-script';

describe('far-over-estimate fires on a new high bid only (catalogue known late)', () => {
  it.each([
    { name: 'a bid equal to the high bid', amount: 400_000 },
    { name: 'a bid below the high bid, itself above 3 times the estimate', amount: 350_000 },
  ])('$name is not-higher, not far-over-estimate; the next new high bid is', ({ amount }) => {
    const known = new Map<string, CatalogueLot>();
    const engine = createFlagsEngine({ catalogue: (_auction, lotId) => known.get(lotId) });
    expect(engine.onBid(bidOf({ paddle: 'A', amount: 400_000 }, 0))).toEqual([]);
    // The catalogue arrives: 3 × 1,000.00 = 3,000.00, far below the lot's 4,000.00.
    known.set('lot-1', { highEstimate: 100_000 });
    expect(engine.onBid(bidOf({ paddle: 'B', amount }, 1)).map(summary)).toEqual([
      { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
    ]);
    expect(engine.onBid(bidOf({ paddle: 'C', amount: 420_000 }, 2)).map(summary)).toEqual([
      { rule: 'far-over-estimate', lot: 'lot-1', paddles: ['C'], bids: [3] },
    ]);
  });
});

describe('isFarOverEstimate', () => {
  const catalogue = { highEstimate: 100_000 };
  const lotAt = (highBid: number | null) => ({
    ...emptyLot(),
    highBid,
    highBidId: highBid === null ? null : bidOf({ paddle: 'A', amount: highBid }, 0).bidId,
    leader: highBid === null ? null : 'A',
  });
  it.each([
    { name: 'first bid above the limit', highBid: null, amount: 300_001, far: true },
    { name: 'first bid at the limit', highBid: null, amount: 300_000, far: false },
    { name: 'new high above the limit', highBid: 350_000, amount: 360_000, far: true },
    { name: 'equal to a high bid above the limit', highBid: 350_000, amount: 350_000, far: false },
    { name: 'below a high bid above the limit', highBid: 350_000, amount: 340_000, far: false },
  ])('$name → $far', ({ highBid, amount, far }) => {
    expect(isFarOverEstimate(lotAt(highBid), bidOf({ paddle: 'B', amount }, 1), catalogue)).toBe(
      far,
    );
  });
});
