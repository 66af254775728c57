/** @jest-environment node */
// Mutation-testing follow-up: a bid EQUAL to the high bid must not take the lead (lot-memory.ts:
// "only a higher bid changes the high bid and the leader"). `>=` for `>` survived every test.
import { advanceLot, emptyLot } from './lot-memory';
import { bidOf, runScript, summary, uuid, type Step } from '@/testing/sale-desk/flag-script';

describe('advanceLot: a bid at the high bid changes neither the high bid nor the leader', () => {
  it('keeps the first bidder as leader and its bid as the high bid', () => {
    const first = advanceLot(emptyLot(), bidOf({ paddle: 'A', amount: 100_000 }, 0), undefined);
    const equal = advanceLot(first, bidOf({ paddle: 'B', amount: 100_000 }, 1), undefined);
    expect(equal).toMatchObject({ highBid: 100_000, highBidId: uuid(1), leader: 'A' });
  });

  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'the equal bidder then raising is not a self-raise',
      steps: [
        { paddle: 'A', amount: 100_000 },
        { paddle: 'B', amount: 100_000 },
        { paddle: 'B', amount: 110_000 },
      ],
      flags: [{ rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] }],
    },
    {
      name: 'the leader raising after an equal bid is a self-raise over its own bid',
      steps: [
        { paddle: 'A', amount: 100_000 },
        { paddle: 'B', amount: 100_000 },
        { paddle: 'A', amount: 110_000 },
      ],
      flags: [
        { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
        { rule: 'self-raise', lot: 'lot-1', paddles: ['A'], bids: [1, 3] },
      ],
    },
    {
      name: 'a later not-higher bid names the first bid at that amount',
      steps: [
        { paddle: 'A', amount: 100_000 },
        { paddle: 'B', amount: 100_000 },
        { paddle: 'C', amount: 90_000 },
      ],
      flags: [
        { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
        { rule: 'not-higher', lot: 'lot-1', paddles: ['C'], bids: [1, 3] },
      ],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
