/** @jest-environment node */
// burst-window.ts, found by mutation testing: the window boundaries, the bids a flagged burst
// absorbs, the order of equal placedAt times, out-of-order delivery, and the memory bound.
import { flagThresholds } from './flag-rules';
import { advancePaddle, emptyPaddle, type PaddleMemory } from './burst-window';
import { bidOf, runScript, summary, T0, type Step } from '@/testing/sale-desk/flag-script';

const { windowMs } = flagThresholds.burst;

/** Paddle A bids on lot `lot` at `seconds` after the start of the sale. */
const at = (lot: number, seconds: number): Step => ({
  paddle: 'A',
  amount: 50_000,
  lot: `lot-${lot}`,
  at: seconds * 1_000,
});

describe('burst window: boundaries and order', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'the bid placed first, delivered last, completes the burst (window starting at it)',
      steps: [at(2, 3), at(3, 6), at(4, 9), at(1, 0)],
      flags: [{ rule: 'burst', lot: 'lot-1', paddles: ['A'], bids: [4, 1, 2, 3] }],
    },
    {
      name: 'a bid exactly at the flagged window end is absorbed: three lots after it are no burst',
      steps: [at(1, 0), at(2, 1), at(3, 2), at(4, 3), at(5, 10), at(6, 11), at(7, 12), at(8, 13)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] }],
    },
    {
      name: 'a bid one millisecond past the flagged window starts the next burst',
      steps: [
        at(1, 0),
        at(2, 1),
        at(3, 2),
        at(4, 3),
        at(5, 10.001),
        at(6, 11),
        at(7, 12),
        at(8, 13),
      ],
      flags: [
        { rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] },
        { rule: 'burst', lot: 'lot-8', paddles: ['A'], bids: [5, 6, 7, 8] },
      ],
    },
    {
      name: 'the burst bid exactly at its window end is not left over for the next burst',
      steps: [at(1, 0), at(2, 3), at(3, 6), at(4, 10), at(5, 11), at(6, 12), at(7, 13)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] }],
    },
    {
      name: 'equal placedAt times keep arrival order, each bid once',
      steps: [at(1, 0), at(2, 1), at(3, 2), at(4, 2)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] }],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});

describe('advancePaddle: memory', () => {
  it.each([
    { maxBids: 16, kept: 11 },
    { maxBids: 4, kept: 4 },
  ])(
    'holds only bids within windowMs of the newest, at most maxBids ($maxBids → $kept)',
    ({ maxBids, kept }) => {
      let memory: PaddleMemory = emptyPaddle();
      // 40 bids on one lot, one a second: never a burst, so nothing is absorbed.
      for (let index = 0; index < 40; index += 1) {
        const bid = bidOf({ paddle: 'A', amount: 50_000, at: index * 1_000 }, index);
        const next = advancePaddle(memory, bid, 'lot-1', maxBids);
        expect(next.burst).toBeNull();
        memory = next.memory;
      }
      const newest = T0 + 39 * 1_000;
      expect(memory.bids.map((bid) => bid.at)).toEqual(
        Array.from({ length: kept }, (_, index) => newest - (kept - 1 - index) * 1_000),
      );
      expect(memory.bids.every((bid) => bid.at >= newest - windowMs)).toBe(true);
    },
  );
});
