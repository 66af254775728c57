import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import { lotLadder, mergeLotBids } from './lot-ladder';

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

// Found by mutation testing: only this lot's bids (another lot of the same sale is never mixed
// in), the first highest bid leads, and the underbidder is the best (first best) bid of another
// paddle, wherever it sits in the ladder.
/** The store holds bids newest first. */
const ladderOf = (oldestFirst: StoredBid[], lotId = 'lot-1') =>
  lotLadder([...oldestFirst].reverse(), 'cars-a', lotId);

describe('lotLadder: one lot of the sale', () => {
  it('leaves out the bids of another lot of the same sale', () => {
    const a1 = bid('P1', 100_000);
    const b1 = bid('P2', 900_000, 'lot-2');
    const a2 = bid('P3', 110_000);
    const result = ladderOf([a1, b1, a2]);
    expect(result.steps.map((step) => step.bid.bidId)).toEqual([a2.bidId, a1.bidId]);
    expect(result.steps.map((step) => step.increment)).toEqual([10_000, null]);
    expect(result.leader?.bidId).toBe(a2.bidId);
    expect(result.underbidder?.bidId).toBe(a1.bidId);
    expect(ladderOf([a1, b1, a2], 'lot-2').steps.map((step) => step.bid.bidId)).toEqual([b1.bidId]);
  });
});

describe('lotLadder: leader and underbidder', () => {
  it.each(
    (() => {
      const rows: { name: string; bids: StoredBid[]; leader: string; underbidder: string }[] = [];
      {
        const a = bid('A', 100_000);
        const b = bid('B', 110_000);
        const c = bid('C', 110_000);
        rows.push({
          name: 'a later equal bid does not take the lead',
          bids: [a, b, c],
          leader: b.bidId,
          underbidder: c.bidId,
        });
      }
      {
        const a = bid('A', 100_000);
        const b = bid('B', 120_000);
        const c = bid('C', 105_000);
        rows.push({
          name: 'a lower bid after the high bid does not lead',
          bids: [a, b, c],
          leader: b.bidId,
          underbidder: c.bidId,
        });
      }
      {
        const a = bid('A', 100_000);
        const b = bid('B', 110_000);
        const c = bid('C', 120_000);
        const d = bid('D', 105_000);
        rows.push({
          name: 'the underbidder is the best other bid, not the newest nor the oldest',
          bids: [a, b, c, d],
          leader: c.bidId,
          underbidder: b.bidId,
        });
      }
      {
        const a = bid('A', 100_000);
        const b = bid('B', 110_000);
        const e = bid('E', 110_000);
        const c = bid('C', 120_000);
        rows.push({
          name: 'of two equal best other bids, the first is the underbidder',
          bids: [a, b, e, c],
          leader: c.bidId,
          underbidder: b.bidId,
        });
      }
      return rows;
    })(),
  )('$name', ({ bids, leader, underbidder }) => {
    const result = ladderOf(bids);
    expect(result.leader?.bidId).toBe(leader);
    expect(result.underbidder?.bidId).toBe(underbidder);
  });
});

describe('mergeLotBids', () => {
  it('joins what the store holds and what history gave, each bid once, newest first', () => {
    // Timetokens past 2^53: compared exactly.
    const timetoken = (n: number) => (17_800_000_000_000_000n + BigInt(n) * 10_000n).toString();
    const stored = (n: number) =>
      ({
        bidId: `bid-of-${n}`,
        auctionId: 'cars-a',
        lotId: 'lot-1',
        bidder: `P${n % 3}`,
        amount: 100_000 + n * 5_000,
        currency: 'EUR',
        timetoken: timetoken(n),
      }) as StoredBid;
    const merged = mergeLotBids([stored(9), stored(8), stored(7)], [stored(8), stored(2)]);
    expect(merged.map((b) => b.bidId)).toEqual([9, 8, 7, 2].map((n) => `bid-of-${n}`));
  });
});
