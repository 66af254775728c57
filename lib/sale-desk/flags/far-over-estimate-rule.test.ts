/** @jest-environment node */
import { createFlagsEngine } from './flags-engine';
import type { CatalogueLot } from './rule-input';
import { bidOf, estimates, runScript, summary, type Step } from '@/testing/sale-desk/flag-script';

// 3 × 1,000.00 EUR = 3,000.00 on lot-1; 3 × 500.00 = 1,500.00 on lot-2.
const catalogue = estimates({ 'lot-1': 100_000, 'lot-2': 50_000 });

describe('far-over-estimate: a high bid above 3 times the high estimate', () => {
  it.each<{ name: string; steps: Step[]; flags: ReturnType<typeof summary>[] }>([
    {
      name: 'exactly 3 times is not above',
      steps: [{ paddle: 'A', amount: 300_000 }],
      flags: [],
    },
    {
      name: 'one cent above 3 times, even as the first bid',
      steps: [{ paddle: 'A', amount: 300_001 }],
      flags: [{ rule: 'far-over-estimate', lot: 'lot-1', paddles: ['A'], bids: [1] }],
    },
    {
      name: 'once per lot: the bid that crosses, not the ones after it',
      steps: [
        { paddle: 'A', amount: 290_000 },
        { paddle: 'B', amount: 310_000 },
        { paddle: 'C', amount: 330_000 },
        { paddle: 'A', amount: 350_000 },
      ],
      flags: [{ rule: 'far-over-estimate', lot: 'lot-1', paddles: ['B'], bids: [2] }],
    },
    {
      name: 'each lot against its own estimate',
      steps: [
        { paddle: 'A', amount: 160_000, lot: 'lot-2' },
        { paddle: 'B', amount: 160_000, lot: 'lot-1' },
        { paddle: 'B', amount: 310_000, lot: 'lot-1', auction: 'auction-2' },
      ],
      flags: [{ rule: 'far-over-estimate', lot: 'lot-2', paddles: ['A'], bids: [1] }],
    },
    {
      name: 'a lot the catalogue does not know',
      steps: [{ paddle: 'A', amount: 10_000_000, lot: 'lot-9' }],
      flags: [],
    },
  ])('$name', ({ steps, flags }) => {
    expect(runScript(steps, { catalogue }).map(summary)).toEqual(flags);
  });

  it('a lot past the limit before the catalogue knew it fires on its next high bid', () => {
    const known = new Map<string, CatalogueLot>();
    const engine = createFlagsEngine({ catalogue: (_auction, lotId) => known.get(lotId) });
    expect(engine.onBid(bidOf({ paddle: 'A', amount: 400_000 }, 0))).toEqual([]);
    known.set('lot-1', { highEstimate: 100_000 });
    const flags = engine.onBid(bidOf({ paddle: 'B', amount: 420_000 }, 1));
    expect(flags.map(summary)).toEqual([
      { rule: 'far-over-estimate', lot: 'lot-1', paddles: ['B'], bids: [2] },
    ]);
  });
});
