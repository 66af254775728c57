/** @jest-environment node */
import { runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

describe('late: a bid on a lot after its lot.closed', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'a bid after the close',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { close: 'lot-1', winning: 1 },
        { paddle: 'B', amount: 55_000 },
      ],
      flags: [{ rule: 'late', lot: 'lot-1', paddles: ['B'], bids: [3] }],
    },
    {
      name: 'a flood of late bids: one flag per late bid',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { close: 'lot-1', winning: 1 },
        { paddle: 'B', amount: 55_000 },
        { paddle: 'C', amount: 60_000 },
        { paddle: 'B', amount: 65_000 },
      ],
      flags: [
        { rule: 'late', lot: 'lot-1', paddles: ['B'], bids: [3] },
        { rule: 'late', lot: 'lot-1', paddles: ['C'], bids: [4] },
        { rule: 'late', lot: 'lot-1', paddles: ['B'], bids: [5] },
      ],
    },
    {
      name: 'a late bid is void: no other rule looks at it, even a 100-increment jump',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { close: 'lot-1', winning: 1 },
        { paddle: 'A', amount: 5_000_000 },
      ],
      flags: [{ rule: 'late', lot: 'lot-1', paddles: ['A'], bids: [3] }],
    },
    {
      name: 'a close that arrives before any bid of its lot still makes them late',
      steps: [
        { close: 'lot-1', winning: null },
        { paddle: 'A', amount: 50_000 },
      ],
      flags: [{ rule: 'late', lot: 'lot-1', paddles: ['A'], bids: [2] }],
    },
    {
      name: 'the winning bid delivered after the close is not late',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { close: 'lot-1', winning: 7 },
        { paddle: 'B', amount: 55_000, id: 7 },
      ],
      flags: [],
    },
    {
      name: 'another lot closing, or the same lot id in another sale, does not make a bid late',
      steps: [
        { close: 'lot-2' },
        { close: 'lot-1', auction: 'auction-2' },
        { paddle: 'A', amount: 50_000 },
      ],
      flags: [],
    },
    {
      name: 'a lot opened again after its close takes bids again',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { close: 'lot-1', winning: 1 },
        { open: 'lot-1' },
        { paddle: 'B', amount: 55_000 },
      ],
      flags: [],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
