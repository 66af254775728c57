import * as fc from 'fast-check';
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { applyBid, applyClosed, applyOpened, lotStatus, type LotRecord } from './lot-record';

const lot = { auctionId: 'sale-1', lotId: 'lot-0001' };
// Built as text: 17-digit timetokens are past 2^53, where numbers lose their last digits.
const tt = (n: number) => `17${String(n).padStart(15, '0')}`;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const bid = (n: number, bidder: string, amount: number): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  ...lot,
  lotTitle: 'Blue Nude',
  bidder,
  amount,
  currency: 'EUR',
  placedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, n)).toISOString(),
});
const opened = {
  type: 'lot.opened',
  v: 1,
  ...lot,
  openedAt: '2026-11-27T10:00:00.000Z',
  closesAt: null,
} as const;
const closed = (winningBidId: string | null) =>
  ({
    type: 'lot.closed',
    v: 1,
    ...lot,
    winningBidId,
    closedAt: '2026-11-27T10:05:00.000Z',
  }) as const;

function play(steps: [number, 'P12' | 'P7' | 'P3', number][]): LotRecord | undefined {
  let record: LotRecord | undefined;
  for (const [n, bidder, amount] of steps) record = applyBid(record, bid(n, bidder, amount), tt(n));
  return record;
}

describe('the lot record', () => {
  it('is upcoming without a record, open once opened or bid on', () => {
    expect(lotStatus(undefined)).toBe('upcoming');
    expect(lotStatus(applyOpened(undefined, opened, tt(0)))).toBe('open');
    expect(lotStatus(play([[1, 'P12', 100_000]]))).toBe('open');
  });

  it('keeps the high bid, the leader, the underbidder and the distinct paddles', () => {
    const record = play([
      [1, 'P12', 100_000],
      [2, 'P7', 110_000],
      [3, 'P7', 120_000], // raises its own bid: the underbidder stays P12
      [4, 'P3', 115_000], // not higher: counted, changes nothing else
    ])!;
    expect(record).toMatchObject({
      highBid: 120_000,
      highBidId: uuid(3),
      leader: 'P7',
      underbidder: 'P12',
      bids: 4,
      lateBids: 0,
      paddles: ['P12', 'P7', 'P3'],
      lastBidAt: bid(4, 'P3', 1).placedAt,
    });
  });

  it('starts at its lot.opened, else at its first bid; a bid never moves the start', () => {
    const byBid = play([
      [1, 'P12', 100_000],
      [2, 'P7', 110_000],
    ])!;
    expect(byBid.startedAt).toBe(bid(1, 'P12', 1).placedAt);
    const opened2 = applyOpened(undefined, opened, tt(0));
    expect(applyBid(opened2, bid(5, 'P3', 1), tt(5)).startedAt).toBe(opened.openedAt);
  });

  it('is sold at the winning bid, passed without one', () => {
    const bidding = play([
      [1, 'P12', 100_000],
      [2, 'P7', 110_000],
    ]);
    const sold = applyClosed(bidding, closed(uuid(2)), tt(3), { amount: 110_000, bidder: 'P7' });
    expect(lotStatus(sold)).toBe('sold');
    expect(sold).toMatchObject({ hammer: 110_000, buyer: 'P7', closedTimetoken: tt(3) });
    const passed = applyClosed(bidding, closed(null), tt(3), null);
    expect(lotStatus(passed)).toBe('passed');
    expect(passed).toMatchObject({ hammer: null, buyer: null, highBid: 110_000 });
    expect(lotStatus(applyClosed(undefined, closed(null), tt(1), null))).toBe('passed');
  });

  it('counts a bid after the close without making it the result', () => {
    const sold = applyClosed(play([[1, 'P12', 100_000]]), closed(uuid(1)), tt(2), {
      amount: 100_000,
      bidder: 'P12',
    });
    const after = applyBid(sold, bid(3, 'P7', 500_000), tt(3));
    expect(after).toMatchObject({ highBid: 100_000, leader: 'P12', bids: 2, lateBids: 1 });
    expect(lotStatus(after)).toBe('sold');
  });

  it('opened again after its close, is open, its result undone and its bids counting again', () => {
    const passed = applyClosed(play([[1, 'P12', 100_000]]), closed(null), tt(2), null);
    const reopened = applyOpened(
      passed,
      { ...opened, closesAt: '2026-11-27T11:00:00.000Z' },
      tt(3),
    );
    expect(lotStatus(reopened)).toBe('open');
    expect(reopened.closesAt).toBe('2026-11-27T11:00:00.000Z');
    expect(applyBid(reopened, bid(4, 'P7', 110_000), tt(4))).toMatchObject({
      highBid: 110_000,
      lateBids: 0,
    });
  });

  it('agrees with a plain reading of any sequence of bids before the close', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('P12', 'P7', 'P3'), fc.integer({ min: 1, max: 50 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (steps) => {
          const record = play(
            steps.map(([bidder, amount], i) => [i + 1, bidder as 'P12', amount * 1000]),
          )!;
          const max = Math.max(...steps.map(([, amount]) => amount * 1000));
          const first = steps.findIndex(([, amount]) => amount * 1000 === max);
          expect(record.bids).toBe(steps.length);
          expect(record.highBid).toBe(max);
          expect(record.leader).toBe(steps[first]![0]);
          expect(new Set(record.paddles)).toEqual(new Set(steps.map(([bidder]) => bidder)));
          expect(record.underbidder).not.toBe(record.leader);
        },
      ),
    );
  });
});
