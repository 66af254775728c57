// live-lots.ts, a property: the record as of any T plus the live messages after it equals the
// whole sequence folded by the recorder, however it is split, nothing counted twice.
import * as fc from 'fast-check';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { lotRecordOf, rebaseLiveLots, type LiveMessage } from './live-lots';
import {
  bid,
  catalogueLot,
  closedNaming,
  iso,
  key,
  liveFold,
  opened,
  readBack,
  recorderFold,
  shown,
  tt,
  uuid,
} from './live-lots-fixture';

describe('record as of any T, then the live messages after it', () => {
  type Step =
    | { kind: 'bid'; lot: number; bidder: string; amount: number }
    | { kind: 'open'; lot: number }
    | { kind: 'close'; lot: number; sold: boolean };
  const lotIds = ['lot-1', 'lot-2', 'lot-3'];
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('bid' as const),
        lot: fc.integer({ min: 0, max: 2 }),
        bidder: fc.constantFrom('P3', 'P7', 'P12'),
        amount: fc.integer({ min: 1, max: 30 }).map((n) => n * 10_000),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('open' as const),
        lot: fc.integer({ min: 0, max: 2 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('close' as const),
        lot: fc.integer({ min: 0, max: 2 }),
        sold: fc.boolean(),
      }),
    },
  );

  /**
   * The steps as messages, message i published at tt(10 · (i + 1)): a close that sells names the
   * lot's high bid at the time (a platform closes on it), or a bid never seen when it has none.
   */
  function messagesOf(steps: Step[]): LiveMessage[] {
    const messages: LiveMessage[] = [];
    const records = new Map<string, LotRecord>();
    steps.forEach((one, index) => {
      const n = 10 * (index + 1);
      const lotId = lotIds[one.lot]!;
      const message =
        one.kind === 'bid'
          ? bid(n, lotId, one.bidder, one.amount)
          : one.kind === 'open'
            ? opened(n, lotId, iso(n + 60_000))
            : closedNaming(
                n,
                lotId,
                // uuid(1) is no bid's id: bids are numbered 10, 20, …
                one.sold ? (records.get(key(lotId))?.highBidId ?? uuid(1)) : null,
              );
      messages.push(message);
      liveFold([message], records);
    });
    return messages;
  }

  const lots = lotIds.map((lotId, index) => catalogueLot(lotId, index + 1));

  it('gives the lots of the whole sequence folded, however it is split, nothing counted twice', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 40 }),
        fc.nat({ max: 420 }),
        fc.boolean(),
        (steps, split, keepAll) => {
          const messages = messagesOf(steps);
          const before = messages.filter(
            (message) => BigInt(message.timetoken) <= BigInt(tt(split)),
          );
          const afterT = messages.slice(before.length);
          // The record's read: the lots as of T, and the newest timetoken recorded (null if none).
          const through = before.at(-1)?.timetoken ?? null;
          const sales = [{ lots: readBack(lots, recorderFold(before)) }];
          const whole = recorderFold(messages);

          // Kept by the browser: the messages after T, or all of them (some already recorded).
          const live = keepAll ? messages : afterT;
          const { records, after } = rebaseLiveLots(sales, through, live);
          expect(after).toEqual(afterT);
          for (const lotId of lotIds)
            expect(shown(records.get(key(lotId)))).toEqual(shown(whole.get(key(lotId))));

          // The same, one lot read back and one live message folded at a time.
          const byHand = new Map<string, LotRecord>();
          for (const lot of sales[0]!.lots) {
            const record = lotRecordOf(lot, through);
            if (record) byHand.set(key(lot.lotId), record);
          }
          liveFold(afterT, byHand);
          for (const lotId of lotIds)
            expect(shown(byHand.get(key(lotId)))).toEqual(shown(whole.get(key(lotId))));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts, split anywhere, every bid once: the read’s plus those after it', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.nat({ max: 420 }), (steps, split) => {
        const messages = messagesOf(steps);
        const through = messages
          .filter((m) => BigInt(m.timetoken) <= BigInt(tt(split)))
          .at(-1)?.timetoken;
        const before = messages.filter((m) => through !== undefined && m.timetoken <= through);
        const sales = [{ lots: readBack(lots, recorderFold(before)) }];
        const { records } = rebaseLiveLots(sales, through ?? null, messages);
        const counted = [...records.values()].reduce((sum, record) => sum + record.bids, 0);
        expect(counted).toBe(steps.filter((one) => one.kind === 'bid').length);
      }),
      { numRuns: 300 },
    );
  });
});
