/** @jest-environment node */
import { estimates, runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

// lot-1's high estimate is 1,000.00 EUR; from there the increment is 100.00 (10_000 minor units)
// up to 2,000.00, then 200.00.
const catalogue = estimates({ 'lot-1': 100_000 });

/** Paddle X opens at the estimate, then one bid per letter, each one increment over the last. */
const duel = (letters: string, lot = 'lot-1'): Step[] => [
  { paddle: 'X', amount: 100_000, lot },
  ...[...letters].map((paddle, index) => ({ paddle, amount: 110_000 + index * 10_000, lot })),
];

describe('ping-pong: two paddles alternating at the minimum increment past the high estimate', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'six alternating bids',
      steps: duel('ABABAB'),
      flags: [{ rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [2, 3, 4, 5, 6, 7] }],
    },
    { name: 'five alternating bids are not enough', steps: duel('ABABA'), flags: [] },
    {
      name: 'a run that goes on to ten bids is still one flag',
      steps: duel('ABABABABAB'),
      flags: [{ rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [2, 3, 4, 5, 6, 7] }],
    },
    { name: 'a third paddle keeps breaking the runs', steps: duel('ABABACBABA'), flags: [] },
    {
      name: 'a third paddle starts a new run with the bid before it',
      steps: duel('ABABCBCBC'),
      flags: [{ rule: 'ping-pong', lot: 'lot-1', paddles: ['B', 'C'], bids: [5, 6, 7, 8, 9, 10] }],
    },
    {
      name: 'the same duel on a lot the catalogue does not know',
      steps: duel('ABABAB', 'lot-9'),
      flags: [],
    },
    {
      name: 'a bid of two increments breaks the run',
      steps: [
        ...duel('ABABA'),
        { paddle: 'B', amount: 170_000 },
        { paddle: 'A', amount: 180_000 },
        { paddle: 'B', amount: 190_000 },
        { paddle: 'A', amount: 200_000 },
      ],
      flags: [],
    },
    {
      name: 'bids at or below the high estimate do not count',
      steps: [
        { paddle: 'X', amount: 70_000 },
        ...[...'ABABAB'].map((paddle, index) => ({ paddle, amount: 75_000 + index * 5_000 })),
        ...[...'ABABA'].map((paddle, index) => ({ paddle, amount: 110_000 + index * 10_000 })),
      ],
      flags: [],
    },
    {
      name: 'the sixth bid above the high estimate raises it',
      steps: [
        { paddle: 'X', amount: 70_000 },
        ...[...'ABABAB'].map((paddle, index) => ({ paddle, amount: 75_000 + index * 5_000 })),
        ...[...'ABABAB'].map((paddle, index) => ({ paddle, amount: 110_000 + index * 10_000 })),
      ],
      flags: [
        { rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [8, 9, 10, 11, 12, 13] },
      ],
    },
    {
      name: 'a self-raise starts the run again from the second bid',
      steps: [
        ...duel('ABABAA'),
        { paddle: 'B', amount: 170_000 },
        { paddle: 'A', amount: 180_000 },
        { paddle: 'B', amount: 190_000 },
        { paddle: 'A', amount: 200_000 },
        { paddle: 'B', amount: 220_000 },
      ],
      flags: [
        { rule: 'self-raise', lot: 'lot-1', paddles: ['A'], bids: [6, 7] },
        { rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [7, 8, 9, 10, 11, 12] },
      ],
    },
    {
      name: 'a run broken and started again is a new pattern, with its own flag',
      steps: [
        ...duel('ABABAB'),
        { paddle: 'C', amount: 180_000 },
        ...[190_000, 200_000, 220_000, 240_000, 260_000, 280_000].map((amount, index) => ({
          paddle: index % 2 === 0 ? 'A' : 'B',
          amount,
        })),
      ],
      flags: [
        { rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [2, 3, 4, 5, 6, 7] },
        { rule: 'ping-pong', lot: 'lot-1', paddles: ['A', 'B'], bids: [9, 10, 11, 12, 13, 14] },
      ],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps, { catalogue }).map(summary)).toEqual(flags);
  });
});
