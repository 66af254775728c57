import type { StoredBid } from '@/lib/realtime/bid-store';
import { lotLadder } from './lot-ladder';

let n = 0;
const bid = (bidder: string, amount: number, lotId = 'lot-1', auctionId = 'cars-a') =>
  ({ bidId: `bid-${(n += 1)}`, auctionId, lotId, bidder, amount, currency: 'EUR' }) as StoredBid;

describe('lotLadder', () => {
  it('lists the lot bids newest first with the increment over the previous bid', () => {
    const first = bid('P1', 100_000);
    const other = bid('P9', 900_000, 'lot-1', 'cars-b');
    const second = bid('P2', 110_000);
    const third = bid('P1', 130_000);
    const { steps, leader, underbidder } = lotLadder(
      [third, second, other, first],
      'cars-a',
      'lot-1',
    );
    expect(steps.map((step) => [step.bid.bidder, step.increment])).toEqual([
      ['P1', 20_000],
      ['P2', 10_000],
      ['P1', null],
    ]);
    expect(leader?.bidId).toBe(third.bidId);
    expect(underbidder?.bidId).toBe(second.bidId);
  });

  it('has no leader nor underbidder without bids, and no underbidder with one paddle', () => {
    expect(lotLadder([], 'cars-a', 'lot-1')).toEqual({
      steps: [],
      leader: null,
      underbidder: null,
    });
    const only = lotLadder([bid('P1', 2), bid('P1', 1)], 'cars-a', 'lot-1');
    expect(only.leader?.amount).toBe(2);
    expect(only.underbidder).toBeNull();
  });
});
