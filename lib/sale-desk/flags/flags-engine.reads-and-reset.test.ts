/** @jest-environment node */
// flags-engine.ts, found by mutation testing: `flags()` must not disturb the engine's own list,
// and `reset()` must forget closed lots, seen bid ids and paddle windows (the existing reset test
// replays a bid it has already seen, so it passes whether or not the seen ids are forgotten).
import { createFlagsEngine } from './flags-engine';
import { bidOf, play, scriptMessages, summary, type Step } from '@/testing/sale-desk/flag-script';

describe('createFlagsEngine: flags() is a read', () => {
  it('answers newest first every time it is called, and after more flags', () => {
    const engine = createFlagsEngine();
    const steps: Step[] = [
      { paddle: 'A', amount: 50_000 },
      { paddle: 'B', amount: 40_000 },
      { paddle: 'C', amount: 30_000 },
    ];
    play(engine, scriptMessages(steps));
    const bids = () => engine.flags().map((flag) => summary(flag).bids[1]);
    expect(bids()).toEqual([3, 2]);
    expect(bids()).toEqual([3, 2]);
    engine.onBid(bidOf({ paddle: 'D', amount: 20_000 }, 3));
    expect(bids()).toEqual([4, 3, 2]);
  });
});

describe('createFlagsEngine: reset forgets every memory', () => {
  it('a lot closed before the reset takes bids after it (not late)', () => {
    const engine = createFlagsEngine();
    play(engine, scriptMessages([{ close: 'lot-1' }]));
    engine.reset();
    expect(engine.onBid(bidOf({ paddle: 'A', amount: 50_000 }, 1))).toEqual([]);
  });

  it('a bid seen before the reset is evaluated again after it', () => {
    const engine = createFlagsEngine();
    const high = bidOf({ paddle: 'A', amount: 50_000 }, 0);
    const lower = bidOf({ paddle: 'B', amount: 40_000 }, 1);
    engine.onBid(high);
    engine.onBid(lower);
    engine.reset();
    engine.onBid(high);
    expect(engine.onBid(lower).map(summary)).toEqual([
      { rule: 'not-higher', lot: 'lot-1', paddles: ['B'], bids: [1, 2] },
    ]);
  });

  it("a paddle's burst window before the reset does not count after it", () => {
    const engine = createFlagsEngine();
    const lotsBid = (lots: number[], first: number) =>
      lots.flatMap((lot, index) =>
        engine.onBid(
          bidOf(
            { paddle: 'A', amount: 50_000, lot: `lot-${lot}`, at: (first + index) * 1_000 },
            first + index,
          ),
        ),
      );
    expect(lotsBid([1, 2, 3], 0)).toEqual([]);
    engine.reset();
    expect(lotsBid([4], 3)).toEqual([]);
    // Without the reset, the same four bids are a burst.
    const control = createFlagsEngine();
    const all = [1, 2, 3, 4].flatMap((lot, index) =>
      control.onBid(
        bidOf({ paddle: 'A', amount: 50_000, lot: `lot-${lot}`, at: index * 1_000 }, index),
      ),
    );
    expect(all.map((flag) => flag.rule)).toEqual(['burst']);
  });
});
