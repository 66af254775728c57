/** @jest-environment node */
import { runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

describe('self-raise: the leading paddle raises its own bid', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'the leader bids one increment over itself',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'A', amount: 55_000 },
      ],
      flags: [{ rule: 'self-raise', lot: 'lot-1', paddles: ['A'], bids: [1, 2] }],
    },
    {
      name: 'an underbidder coming back is ordinary',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 55_000 },
        { paddle: 'A', amount: 60_000 },
      ],
      flags: [],
    },
    {
      name: 'each raise over oneself is its own flag',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 55_000 },
        { paddle: 'B', amount: 60_000 },
        { paddle: 'B', amount: 65_000 },
      ],
      flags: [
        { rule: 'self-raise', lot: 'lot-1', paddles: ['B'], bids: [2, 3] },
        { rule: 'self-raise', lot: 'lot-1', paddles: ['B'], bids: [3, 4] },
      ],
    },
    {
      name: 'leading one lot and bidding on another is ordinary',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'A', amount: 55_000, lot: 'lot-2' },
        { paddle: 'A', amount: 60_000, lot: 'lot-1', auction: 'auction-2' },
      ],
      flags: [],
    },
    {
      name: 'after being outbid by a lower, not-higher bid the paddle still leads',
      steps: [
        { paddle: 'A', amount: 50_000 },
        { paddle: 'B', amount: 45_000 },
        { paddle: 'A', amount: 55_000 },
      ],
      flags: [
        { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
        { rule: 'self-raise', lot: 'lot-1', paddles: ['A'], bids: [1, 3] },
      ],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps).map(summary)).toEqual(flags);
  });
});
