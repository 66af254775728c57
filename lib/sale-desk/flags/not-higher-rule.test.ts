/** @jest-environment node */
import { runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

describe('not-higher: a bid at or below the current high bid', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'a bid equal to the high bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 50_000 },
      ],
      flags: [{ rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] }],
    },
    {
      name: 'a bid below the high bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 40_000 },
      ],
      flags: [{ rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] }],
    },
    {
      name: 'the leader repeating its own amount is not-higher, not self-raise',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'A', amount: 50_000 },
      ],
      flags: [{ rule: 'not-higher', lot: 'lot-1', paddles: ['A'], bids: [1, 2] }],
    },
    {
      name: 'one cent above the high bid is higher',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 50_001 },
      ],
      flags: [],
    },
    {
      name: 'a lower bid changes nothing: the next one is still compared with the high bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 40_000 },
        { paddle: 'C', amount: 45_000 },
        { paddle: 'B', amount: 55_000 },
      ],
      flags: [
        { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
        { rule: 'not-higher', lot: 'lot-1', paddles: ['C'], bids: [1, 3] },
      ],
    },
    {
      name: 'a lower amount on another lot, or the same lot id in another sale, is a first bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 40_000, lot: 'lot-2' },
        { paddle: 'C', amount: 30_000, auction: 'auction-2' },
      ],
      flags: [],
    },
    {
      name: 'the same bid delivered twice (a history replay) is not a second bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'A', amount: 50_000, id: 1 },
      ],
      flags: [],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
