/** @jest-environment node */
import { runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

/** Paddle `paddle` opens lot `lot` at `seconds` (placedAt) after the start of the sale. */
const opens = (paddle: string, lot: number, seconds: number, auction?: string): Step => ({
  paddle,
  amount: 50_000,
  lot: `lot-${lot}`,
  at: seconds * 1_000,
  auction,
});

describe('burst: one paddle on at least 4 different lots within 10 seconds of placedAt', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'four lots in 9 seconds',
      steps: [opens('A', 1, 0), opens('A', 2, 3), opens('A', 3, 6), opens('A', 4, 9)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] }],
    },
    {
      name: 'four lots in exactly 10 seconds',
      steps: [opens('A', 1, 0), opens('A', 2, 3), opens('A', 3, 6), opens('A', 4, 10)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] }],
    },
    {
      name: 'four lots in 10.001 seconds',
      steps: [opens('A', 1, 0), opens('A', 2, 3), opens('A', 3, 6), opens('A', 4, 10.001)],
      flags: [],
    },
    {
      name: 'many bids on three lots',
      steps: [
        opens('A', 1, 0),
        opens('A', 2, 1),
        opens('A', 3, 2),
        { paddle: 'B', amount: 60_000, lot: 'lot-1', at: 3_000 },
        { paddle: 'A', amount: 65_000, lot: 'lot-1', at: 4_000 },
        { paddle: 'B', amount: 60_000, lot: 'lot-2', at: 5_000 },
        { paddle: 'A', amount: 65_000, lot: 'lot-2', at: 6_000 },
      ],
      flags: [],
    },
    {
      name: 'one flag per window: six lots in 5 s is one flag, four more after the window another',
      steps: [
        ...[1, 2, 3, 4, 5, 6].map((lot) => opens('A', lot, lot - 1)),
        ...[7, 8, 9, 10].map((lot) => opens('A', lot, lot + 4)),
      ],
      flags: [
        { rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 2, 3, 4] },
        { rule: 'burst', lot: 'lot-10', paddles: ['A'], bids: [7, 8, 9, 10] },
      ],
    },
    {
      name: 'the same paddle number in two sales is two people',
      steps: [
        opens('A', 1, 0),
        opens('A', 2, 1),
        opens('A', 1, 2, 'auction-2'),
        opens('A', 2, 3, 'auction-2'),
      ],
      flags: [],
    },
    {
      name: 'four paddles on four lots',
      steps: [opens('A', 1, 0), opens('B', 2, 1), opens('C', 3, 2), opens('D', 4, 3)],
      flags: [],
    },
    {
      name: 'placedAt decides, not arrival: a bid placed first but delivered last',
      steps: [opens('A', 1, 9), opens('A', 2, 0), opens('A', 3, 3), opens('A', 4, 6)],
      flags: [{ rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [2, 3, 4, 1] }],
    },
    {
      name: 'a late bid is void and does not count toward a burst',
      steps: [
        opens('A', 1, 0),
        opens('A', 2, 1),
        opens('A', 3, 2),
        { close: 'lot-4' },
        opens('A', 4, 3),
      ],
      flags: [{ rule: 'late', lot: 'lot-4', paddles: ['A'], bids: [5] }],
    },
    {
      name: 'two paddles bursting at once: one flag each',
      steps: [1, 2, 3, 4].flatMap((lot) => [opens('A', lot, lot), opens('B', lot + 4, lot)]),
      flags: [
        { rule: 'burst', lot: 'lot-4', paddles: ['A'], bids: [1, 3, 5, 7] },
        { rule: 'burst', lot: 'lot-8', paddles: ['B'], bids: [2, 4, 6, 8] },
      ],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
