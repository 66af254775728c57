/** @jest-environment node */
// The sale desk's live messages, apart from its shell (sale-desk-store.ts): which are folded and
// kept, which read the catalogue again, and the effects, as a table.
import * as fc from 'fast-check';
import type { LiveMessage } from '@/lib/sales/live-lots';
import { bidOf } from '@/testing/sale-desk/flag-script';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { nextSaleDesk, takeLive, type SaleDeskEffect, type SaleDeskState } from './sale-desk-state';
import { tt } from './testing/sale-desk-fixtures';
import { flagsSoon, fresh, load, publish, read, seeded } from './testing/sale-desk-states';

/** A bid on `auction-1`'s `lot` (`lot-9` is not catalogued), published at `tt(n)`. */
const bid = (n: number, lot = 'lot-1', auction = 'auction-1'): LiveMessage => ({
  kind: 'bid',
  bid: bidOf({ paddle: 'P1', amount: 100_000 + n, lot, auction, id: n }, n),
  timetoken: tt(n),
});
const closed = (n: number, lotId: string): LiveMessage => ({
  kind: 'lot-closed',
  closed: {
    type: 'lot.closed',
    v: 1,
    auctionId: 'auction-1',
    lotId,
    winningBidId: null,
    closedAt: '2026-11-21T10:05:00.000Z',
  },
  timetoken: tt(n),
});

type LiveRow = [
  name: string,
  state: () => SaleDeskState,
  message: LiveMessage,
  at: number,
  effects: SaleDeskEffect[],
  kept: number,
];

const liveRows: LiveRow[] = [
  [
    'after the record’s reach: folded, kept, the flags due',
    read,
    bid(10),
    2_000,
    [flagsSoon, publish],
    1,
  ],
  [
    'while the flags are due: folded, kept',
    () => read({ flagsReadDue: true }),
    bid(10),
    2_000,
    [publish],
    1,
  ],
  ['at the record’s reach: in the record already', read, bid(5), 2_000, [], 0],
  [
    'before any read: folded, kept, the catalogue read',
    fresh,
    bid(1),
    2_000,
    [load, flagsSoon, publish],
    1,
  ],
  [
    'on a lot not catalogued: read again',
    read,
    bid(10, 'lot-9'),
    7_000,
    [load, flagsSoon, publish],
    1,
  ],
  [
    'on a lot not catalogued, read a moment ago: not yet',
    read,
    bid(10, 'lot-9'),
    5_999,
    [flagsSoon, publish],
    1,
  ],
  [
    'on a lot not catalogued, a read on its way: joins it',
    () => read({ loading: true }),
    bid(10, 'lot-9'),
    9_000,
    [flagsSoon, publish],
    1,
  ],
  [
    'on a lot not catalogued, in the record already: read all the same',
    read,
    bid(4, 'lot-9'),
    7_000,
    [load],
    0,
  ],
  [
    'of another sale than the page’s record: not read for',
    seeded,
    bid(10, 'lot-1', 'auction-2'),
    9_000,
    [flagsSoon, publish],
    1,
  ],
  [
    'a close of a lot not catalogued: not read for',
    read,
    closed(10, 'lot-9'),
    9_000,
    [flagsSoon, publish],
    1,
  ],
  [
    'past the bound: the record read again',
    () => read({ liveAfter: [bid(6), bid(7), bid(8)] }),
    bid(10),
    2_000,
    [load, flagsSoon, publish],
    4,
  ],
  [
    'past twice the bound: the oldest go',
    () => read({ liveAfter: [6, 7, 8, 9, 11, 12].map((n) => bid(n)), loading: true }),
    bid(13),
    2_000,
    [flagsSoon, publish],
    3,
  ],
];

describe('takeLive', () => {
  it.each(liveRows)('%s', (_name, state, message, at, effects, kept) => {
    const given = state();
    expect(takeLive(given, message, at)).toEqual(effects);
    expect(given.liveAfter).toHaveLength(kept);
  });

  it('folds on the lot’s record in place: one Map, never copied per message', () => {
    const state = read();
    const records = state.records;
    takeLive(state, bid(10), 2_000);
    takeLive(state, bid(11), 2_000);
    expect(state.records).toBe(records);
    expect(records.get(saleLotKey('auction-1', 'lot-1'))).toMatchObject({ bids: 2 });
  });

  it('answers shared constants: two messages with the same outcome, the same effects', () => {
    const state = read({ flagsReadDue: true });
    expect(takeLive(state, bid(10), 2_000)).toBe(takeLive(state, bid(11), 2_000));
  });

  it('asks for one catalogue read at a time, and keeps at most twice the bound, whatever comes', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('live' as const),
        n: fc.integer({ min: 1, max: 40 }),
        lot: fc.constantFrom('lot-1', 'lot-9'),
        wait: fc.nat({ max: 4_000 }),
      }),
      fc.record({ kind: fc.constant('refresh' as const), wait: fc.nat({ max: 4_000 }) }),
      fc.record({ kind: fc.constant('settled' as const), wait: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const state = read();
        let at = 1_000;
        for (const one of steps) {
          at += one.wait;
          const wasLoading = state.loading;
          const keptBefore = state.liveAfter.length;
          const effects =
            one.kind === 'live'
              ? takeLive(state, bid(one.n, one.lot), at)
              : one.kind === 'refresh'
                ? nextSaleDesk(state, { type: 'refresh', at })
                : nextSaleDesk(state, { type: 'catalogue-settled', generation: 0 });
          const reads = effects.filter((effect) => effect.type === 'load-catalogue').length;
          expect(reads).toBeLessThanOrEqual(wasLoading ? 0 : 1);
          if (reads === 1) expect(state).toMatchObject({ loading: true, lastRefreshAt: at });
          expect(state.liveAfter.length).toBeLessThanOrEqual(2 * state.maxLiveMessages);
          // A live message taken is published; one the record has changes nothing shown.
          const taken = one.kind === 'live' && one.n > 5;
          expect(effects.some((effect) => effect.type === 'publish')).toBe(taken);
          if (taken && keptBefore < 2 * state.maxLiveMessages)
            expect(state.liveAfter.length).toBe(keptBefore + 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
