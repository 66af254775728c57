/** @jest-environment node */
import { runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

// EUR below 1,000.00 steps by 50.00 (5_000 minor units), then by 100.00 up to 2,000.00.
describe('jump: a bid more than 5 increments above the previous high bid', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'exactly 5 increments above is an ordinary bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 75_000 },
      ],
      flags: [],
    },
    {
      name: '5 increments and one cent above is a jump',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 75_001 },
      ],
      flags: [{ rule: 'jump', lot: 'lot-1', paddles: ['B'], bids: [1, 2] }],
    },
    {
      name: 'increments are walked across a band edge (90,000 + 5 steps = 130,000)',
      steps: [
        { paddle: 'A', amount: 90_000 },
        { paddle: 'B', amount: 130_000 },
        { paddle: 'A', amount: 140_000 },
        { paddle: 'B', amount: 190_001 },
      ],
      flags: [{ rule: 'jump', lot: 'lot-1', paddles: ['B'], bids: [3, 4] }],
    },
    {
      name: 'in JPY (no decimals): 900 + 5 steps = 1,300 yen',
      steps: [
        { paddle: 'A', amount: 900, currency: 'JPY' },
        { paddle: 'B', amount: 1_300, currency: 'JPY' },
        { paddle: 'A', amount: 1_400, currency: 'JPY' },
        { paddle: 'B', amount: 1_901, currency: 'JPY' },
      ],
      flags: [{ rule: 'jump', lot: 'lot-1', paddles: ['B'], bids: [3, 4] }],
    },
    {
      name: 'the first bid on a lot has no previous high bid and never jumps',
      steps: [{ paddle: 'A', amount: 250_000, lot: 'lot-9' }],
      flags: [],
    },
    {
      name: 'each jumping bid is its own flag, against the high bid before it',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 100_000 },
        { paddle: 'C', amount: 200_000, lot: 'lot-9' },
        { paddle: 'C', amount: 110_000 },
        { paddle: 'A', amount: 200_000 },
      ],
      flags: [
        { rule: 'jump', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
        { rule: 'jump', lot: 'lot-1', paddles: ['A'], bids: [4, 5] },
      ],
    },
    {
      name: 'the previous high bid is its own lot’s, not another lot’s',
      steps: [
        { paddle: 'A', amount: 50_000, lot: 'lot-9' },
        { paddle: 'B', amount: 90_000, lot: 'lot-8' },
        { paddle: 'C', amount: 55_000, lot: 'lot-9' },
      ],
      flags: [],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
