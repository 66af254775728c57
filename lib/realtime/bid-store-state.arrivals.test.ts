/** @jest-environment node */
// The bid store's message transition over any arrival order (a property): the window is the
// newest bids whatever order they came in, each bid once, every message counted in its kind,
// and the desk told of exactly the new bids, closes and opens.
import * as fc from 'fast-check';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { initialBidStore, takeMessage } from './bid-store-state';
import { T0, bidMessage, closedMessage, openedMessage, tt, uuid } from './testing/bid-messages';

type Kind = 'bid' | 'undecryptable' | 'invalid' | 'unknown' | 'closed' | 'opened';
interface Arrival {
  kind: Kind;
  /** A bid's id (bids of the same id are one bid), or which of three lots it names. */
  id: number;
  /** When it was published (ms after T0): one message each. */
  at: number;
}

const arrival: fc.Arbitrary<Arrival> = fc.record({
  kind: fc.constantFrom<Kind>(
    'bid',
    'bid',
    'bid',
    'undecryptable',
    'invalid',
    'unknown',
    'closed',
    'opened',
  ),
  id: fc.nat({ max: 12 }),
  at: fc.nat({ max: 100_000 }),
});
const arrivals = fc.uniqueArray(arrival, { selector: (one) => one.at, maxLength: 40 });

function messageOf({ kind, id, at }: Arrival): IncomingMessage {
  const timetoken = tt(T0 + at);
  switch (kind) {
    case 'bid':
      return bidMessage({ id, timetoken, lotId: `lot-${id % 3}` });
    case 'undecryptable':
      return { ...bidMessage({ id, timetoken }), error: 'Decryption error' };
    case 'invalid':
      return { timetoken, payload: { type: 'bid.placed', v: 1 } };
    case 'unknown':
      return { timetoken, payload: { type: 'bid.retracted', v: 1 } };
    case 'closed':
      return closedMessage(timetoken, `lot-${id % 3}`);
    case 'opened':
      return openedMessage(timetoken, `lot-${id % 3}`);
  }
}

describe('takeMessage, whatever the arrival order', () => {
  it('keeps the newest bids, each once, counts each kind and tells the desk what is new', () => {
    fc.assert(
      fc.property(arrivals, fc.integer({ min: 1, max: 6 }), (given, windowSize) => {
        const state = initialBidStore({ windowSize, maxLots: 10, maxSales: 5, rateSeconds: 60 });
        const accepted = new Map<number, number>();
        const count = { bids: 0, duplicates: 0, undecryptable: 0, invalid: 0, unknownType: 0 };
        let newest = -1;
        for (const one of given) {
          const told = takeMessage(state, messageOf(one));
          newest = Math.max(newest, one.at);
          const isNew = one.kind === 'bid' && !accepted.has(one.id);
          if (isNew) accepted.set(one.id, one.at);
          if (one.kind === 'bid') count[isNew ? 'bids' : 'duplicates'] += 1;
          if (one.kind === 'undecryptable') count.undecryptable += 1;
          if (one.kind === 'invalid') count.invalid += 1;
          if (one.kind === 'unknown') count.unknownType += 1;
          const expected = isNew
            ? 'bid'
            : one.kind === 'closed'
              ? 'lot-closed'
              : one.kind === 'opened'
                ? 'lot-opened'
                : null;
          expect(told?.kind ?? null).toBe(expected);
        }
        const window = [...accepted].sort(([, a], [, b]) => b - a).slice(0, windowSize);
        expect(state.bids.map((bid) => [bid.bidId, bid.timetoken])).toEqual(
          window.map(([id, at]) => [uuid(id), tt(T0 + at)]),
        );
        expect(state.counters).toEqual(count);
        expect(state.lastTimetoken).toBe(newest < 0 ? null : tt(T0 + newest));
      }),
      { numRuns: 300 },
    );
  });

  it('the same bids in any order make the same window', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.nat({ max: 1_000 }), { minLength: 1, maxLength: 30 })
          .chain((ats) =>
            fc.tuple(
              fc.constant(ats),
              fc.shuffledSubarray(ats, { minLength: ats.length, maxLength: ats.length }),
            ),
          ),
        fc.integer({ min: 1, max: 8 }),
        ([ats, shuffled], windowSize) => {
          // Bid `id` is published at `ats[id]` ms after T0, whichever order they arrive in.
          const message = (at: number) =>
            bidMessage({ id: ats.indexOf(at), timetoken: tt(T0 + at) });
          const windowOf = (order: number[]) => {
            const state = initialBidStore({
              windowSize,
              maxLots: 10,
              maxSales: 5,
              rateSeconds: 60,
            });
            for (const at of order) takeMessage(state, message(at));
            return state.bids;
          };
          expect(windowOf(shuffled)).toEqual(windowOf(ats));
        },
      ),
      { numRuns: 300 },
    );
  });
});
