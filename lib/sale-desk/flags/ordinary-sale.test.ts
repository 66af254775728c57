/** @jest-environment node */
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { flagThresholds } from './flag-rules';
import { createFlagsEngine } from './flags-engine';
import { play as playMessages, type SaleMessage } from '@/testing/sale-desk/flag-script';
import { ordinarySale } from '@/testing/sale-desk/ordinary-sale';

const { messages, catalogue, highEstimates } = ordinarySale();
const bids = messages.flatMap((message) => (message.kind === 'bid' ? [message.bid] : []));
const lotKey = (bid: { auctionId: string; lotId: string }) =>
  JSON.stringify([bid.auctionId, bid.lotId]);

function play(sale: SaleMessage[], saleCatalogue = catalogue) {
  const engine = createFlagsEngine({ catalogue: saleCatalogue });
  playMessages(engine, sale);
  return engine;
}

/** The generator's promises, checked, so a quiet engine means something. */
describe('the ordinary sale generator', () => {
  const byLot = Map.groupBy(bids, lotKey);

  it('gives 500 bids across three sales and more than twenty lots', () => {
    expect(bids).toHaveLength(500);
    expect(new Set(bids.map((bid) => bid.auctionId)).size).toBe(3);
    expect(byLot.size).toBeGreaterThan(20);
  });

  it('is the same sale for the same seed, and another for another seed', () => {
    expect(ordinarySale().messages).toEqual(messages);
    expect(ordinarySale(7).messages).not.toEqual(messages);
  });

  it('has three or more paddles on every lot, each bid higher, none by the leader', () => {
    for (const lotBids of byLot.values()) {
      expect(new Set(lotBids.map((bid) => bid.bidder)).size).toBeGreaterThanOrEqual(3);
      lotBids.slice(1).forEach((bid, index) => {
        expect(bid.amount).toBeGreaterThan(lotBids[index]!.amount);
        expect(bid.bidder).not.toBe(lotBids[index]!.bidder);
      });
    }
  });

  it('passes the high estimate on some lots, and stays under 3 times it on all', () => {
    const ratios = bids.map((bid) => bid.amount / highEstimates.get(lotKey(bid))!);
    expect(Math.max(...ratios)).toBeLessThan(3);
    expect(bids.filter((_, index) => ratios[index]! > 1).length).toBeGreaterThan(50);
  });

  it('closes each lot after its last bid, never before', () => {
    const closed = new Set<string>();
    for (const message of messages) {
      if (message.kind === 'closed') closed.add(lotKey(message.closed));
      if (message.kind === 'bid') expect(closed.has(lotKey(message.bid))).toBe(false);
    }
    expect(closed.size).toBe(byLot.size);
    expect(messages.every((message) => message.kind !== 'opened')).toBe(true);
  });

  it('has no paddle on more than 3 lots of its sale within 10 seconds', () => {
    const byPaddle = Map.groupBy(bids, (bid) => JSON.stringify([bid.auctionId, bid.bidder]));
    for (const paddleBids of byPaddle.values())
      for (const first of paddleBids) {
        const until = Date.parse(first.placedAt) + flagThresholds.burst.windowMs;
        const inWindow = paddleBids.filter((bid: BidPlaced) => {
          const at = Date.parse(bid.placedAt);
          return at >= Date.parse(first.placedAt) && at <= until;
        });
        expect(new Set(inWindow.map(lotKey)).size).toBeLessThanOrEqual(3);
      }
  });
});

describe('flags on an ordinary sale', () => {
  it('raise nothing at all', () => {
    const engine = play(messages);
    expect(engine.flags()).toEqual([]);
    expect(Object.values(engine.counts())).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it.each([1, 2, 3, 42, 1_000_003])(
    'raise nothing on the ordinary sale of seed %i either',
    (seed) => {
      const other = ordinarySale(seed);
      expect(play(other.messages, other.catalogue).flags()).toEqual([]);
    },
  );

  it('raise exactly one flag when one late bid is added after the sale', () => {
    const last = bids.at(-1)!;
    const late = { ...last, bidId: '00000000-0000-4000-8000-ffffffffffff', bidder: 'Paddle 999' };
    const engine = play([...messages, { kind: 'bid', bid: late }]);
    expect(engine.flags().map((flag) => [flag.rule, flag.bidIds])).toEqual([
      ['late', [late.bidId]],
    ]);
  });
});
