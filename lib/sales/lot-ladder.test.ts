import type { StoredBid } from '@/lib/realtime/bid-store';
import { lotLadder } from './lot-ladder';

let n = 0;
/** Bid `n` is published at timetoken `1000 + 10n`. */
const bid = (bidder: string, amount: number, lotId = 'lot-1', auctionId = 'cars-a') => {
  n += 1;
  const timetoken = String(1_000 + 10 * n);
  return {
    bidId: `bid-${n}`,
    auctionId,
    lotId,
    bidder,
    amount,
    currency: 'EUR',
    timetoken,
  } as StoredBid;
};

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

  it('a bid published after the close is shown as late, never the leader or the underbidder', () => {
    const first = bid('Paddle 7', 45_000);
    const winning = bid('Online 5521', 50_000);
    const closedAt = String(Number(winning.timetoken) + 1);
    const late = bid('Paddle 342', 55_000);
    const ladder = lotLadder([late, winning, first], 'cars-a', 'lot-1', closedAt);
    expect(ladder.steps.map((step) => [step.bid.bidder, step.late])).toEqual([
      ['Paddle 342', true],
      ['Online 5521', false],
      ['Paddle 7', false],
    ]);
    expect(ladder.leader?.bidId).toBe(winning.bidId);
    expect(ladder.underbidder?.bidId).toBe(first.bidId);
    // While the lot is open (no close known) the same bid leads.
    expect(lotLadder([late, winning, first], 'cars-a', 'lot-1').leader?.bidId).toBe(late.bidId);
  });
});
