/** @jest-environment node */
// ping-pong-run.ts, found by mutation testing: the opening bid of a lot (no high bid) is never
// part of a run, and a run keeps at most `consecutiveBids` bid ids however long it goes on.
import { flagThresholds } from './flag-rules';
import { advanceLot, emptyLot } from './lot-memory';
import type { LotMemory } from './rule-input';
import { bidOf, estimates, runScript, summary, uuid } from '@/testing/sale-desk/flag-script';

const { consecutiveBids } = flagThresholds['ping-pong'];

describe('ping-pong run: the opening bid has no previous high bid and is not at an increment', () => {
  // High estimate 10.00 EUR: every bid is past it. 50.00 is exactly one increment over 0.
  // (The first bid is also far over the estimate; only ping-pong flags matter here.)
  const catalogue = estimates({ 'lot-1': 1_000 });
  const pingPongs = (count: number) =>
    runScript(alternating(count), { catalogue })
      .filter((flag) => flag.rule === 'ping-pong')
      .map(summary);
  const alternating = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      paddle: index % 2 === 0 ? 'A' : 'B',
      amount: 5_000 * (index + 1),
    }));

  it('six alternating bids from the opening bid are only five at the increment: no flag', () => {
    expect(pingPongs(6)).toEqual([]);
  });

  it('the seventh makes six at the increment, counted from the second bid', () => {
    expect(pingPongs(7)).toEqual([
      { rule: 'ping-pong', lot: 'lot-1', paddles: ['B', 'A'], bids: [2, 3, 4, 5, 6, 7] },
    ]);
  });
});

describe('ping-pong run: memory stays flat', () => {
  it('a run of ten keeps its length but only its first consecutiveBids bid ids', () => {
    const catalogue = { highEstimate: 100_000 };
    let lot: LotMemory = advanceLot(
      emptyLot(),
      bidOf({ paddle: 'X', amount: 100_000 }, 0),
      catalogue,
    );
    for (let index = 1; index <= 10; index += 1) {
      const bid = bidOf({ paddle: index % 2 ? 'A' : 'B', amount: 100_000 + index * 10_000 }, index);
      lot = advanceLot(lot, bid, catalogue);
    }
    expect(lot.pingPong?.length).toBe(10);
    expect(lot.pingPong?.bidIds).toEqual(
      Array.from({ length: consecutiveBids }, (_, index) => uuid(index + 2)),
    );
  });
});
