// live-lots.ts: the record as of `recordedThrough` read back into the reducer's state, the live
// messages after it folded on, and a re-read that drops what it covers. Property: split anywhere,
// record + live equals the whole sequence folded by the recorder, nothing counted twice.
import * as fc from 'fast-check';
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import {
  applyBid,
  applyClosed,
  applyOpened,
  emptyLotRecord,
  lotStatus,
  type LotRecord,
} from '@/lib/sale-desk/lot-record';
import type { Lot, RecordedLot } from './lot';
import { applyLiveMessage, lotRecordOf, rebaseLiveLots, type LiveMessage } from './live-lots';
import { recordedLot } from './recorded-lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';

const SALE = 'sale-1';
/** 17-digit timetokens, past 2^53: built as integers, never as doubles. */
const tt = (n: number) => (17_000_000_000_000_000n + BigInt(n)).toString();
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const iso = (n: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0, n)).toISOString();
const key = (lotId: string, auctionId = SALE) => saleLotKey(auctionId, lotId);

const catalogueLot = (lotId: string, lotNumber: number, extra: Partial<Lot> = {}): Lot => ({
  auctionId: SALE,
  lotId,
  lotNumber,
  lotTitle: `Catalogue title of ${lotId}`,
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  reserve: 150_000,
  startingBid: 50_000,
  scheduledCloseAt: null,
  ...extra,
});

const placed = (
  n: number,
  lotId: string,
  bidder: string,
  amount: number,
  auctionId = SALE,
): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  auctionId,
  lotId,
  lotTitle: `Title of ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: iso(n),
});

/** Message `n` of the channel, published at `tt(n)`; a bid's id is `uuid(n)`. */
const bid = (n: number, lotId: string, bidder: string, amount: number, auctionId = SALE) =>
  ({
    kind: 'bid',
    timetoken: tt(n),
    bid: placed(n, lotId, bidder, amount, auctionId),
  }) satisfies LiveMessage;
const opened = (n: number, lotId: string, closesAt: string | null = null) =>
  ({
    kind: 'lot-opened',
    timetoken: tt(n),
    opened: { type: 'lot.opened', v: 1, auctionId: SALE, lotId, openedAt: iso(n), closesAt },
  }) satisfies LiveMessage;
const closedNaming = (n: number, lotId: string, winningBidId: string | null) =>
  ({
    kind: 'lot-closed',
    timetoken: tt(n),
    closed: { type: 'lot.closed', v: 1, auctionId: SALE, lotId, winningBidId, closedAt: iso(n) },
  }) satisfies LiveMessage;
/** `winning`: the number of the bid the close names, null for a lot passed. */
const closed = (n: number, lotId: string, winning: number | null) =>
  closedNaming(n, lotId, winning === null ? null : uuid(winning));

/**
 * The recorder's fold (lib/server/record/write-batch.ts): each message through the reducer in
 * publish order, a close's winning bid looked up by the id it names.
 */
function recorderFold(messages: readonly LiveMessage[]): Map<string, LotRecord> {
  const records = new Map<string, LotRecord>();
  const bids = new Map<string, BidPlaced>();
  for (const message of messages) {
    switch (message.kind) {
      case 'bid': {
        const at = key(message.bid.lotId, message.bid.auctionId);
        bids.set(message.bid.bidId, message.bid);
        records.set(at, applyBid(records.get(at), message.bid, message.timetoken));
        break;
      }
      case 'lot-opened': {
        const at = key(message.opened.lotId, message.opened.auctionId);
        records.set(at, applyOpened(records.get(at), message.opened, message.timetoken));
        break;
      }
      case 'lot-closed': {
        const at = key(message.closed.lotId, message.closed.auctionId);
        const named =
          message.closed.winningBidId === null ? undefined : bids.get(message.closed.winningBidId);
        const winning = named ? { amount: named.amount, bidder: named.bidder } : null;
        records.set(at, applyClosed(records.get(at), message.closed, message.timetoken, winning));
        break;
      }
    }
  }
  return records;
}

/** The live fold of the messages onto an empty map, one `applyLiveMessage` each. */
function liveFold(messages: readonly LiveMessage[], records = new Map<string, LotRecord>()) {
  for (const message of messages) applyLiveMessage(records, message);
  return records;
}

/** What the board shows of a lot: the figures a split must not change. */
const shown = (record: LotRecord | undefined) =>
  record && {
    status: lotStatus(record),
    bids: record.bids,
    highBid: record.highBid,
    leader: record.leader,
    underbidder: record.underbidder,
    hammer: record.hammer,
    buyer: record.buyer,
    lastBidAt: record.lastBidAt,
    openedAt: record.openedAt,
    closedAt: record.closedAt,
  };

/** The record's read of the catalogue's lots as of `records` (what `GET /api/sales` answers). */
const readBack = (lots: readonly Lot[], records: ReadonlyMap<string, LotRecord>): RecordedLot[] =>
  lots.map((lot) => recordedLot(lot, records.get(key(lot.lotId))));

describe('lotRecordOf', () => {
  const lot = catalogueLot('lot-1', 1);

  it('answers nothing for an upcoming lot: the first live message makes its record', () => {
    expect(lotRecordOf(recordedLot(lot, undefined), tt(50))).toBeUndefined();
  });

  it.each([
    {
      name: 'open, bid on',
      messages: [
        opened(1, 'lot-1'),
        bid(2, 'lot-1', 'P7', 100_000),
        bid(3, 'lot-1', 'P3', 120_000),
      ],
      status: 'open',
      closedTimetoken: null,
      hammer: null,
      buyer: null,
    },
    {
      name: 'sold',
      messages: [
        bid(1, 'lot-1', 'P7', 100_000),
        bid(2, 'lot-1', 'P3', 160_000),
        closed(3, 'lot-1', 2),
      ],
      status: 'sold',
      closedTimetoken: tt(3),
      hammer: 160_000,
      buyer: 'P3',
    },
    {
      name: 'passed, its reserve met',
      messages: [bid(1, 'lot-1', 'P7', 160_000), closed(2, 'lot-1', null)],
      status: 'passed',
      closedTimetoken: tt(2),
      hammer: null,
      buyer: null,
    },
  ])('reads back a lot $name as the recorder left it', (row) => {
    const recorded = recorderFold(row.messages).get(key('lot-1'))!;
    const record = lotRecordOf(recordedLot(lot, recorded), tt(50))!;
    expect(lotStatus(record)).toBe(row.status);
    expect(shown(record)).toEqual(shown(recorded));
    expect(record).toMatchObject({
      auctionId: SALE,
      lotId: 'lot-1',
      lotTitle: lot.lotTitle,
      currency: 'EUR',
      // Its close, if any, at its own timetoken as the read gives it: any later bid is late.
      closedTimetoken: row.closedTimetoken,
      hammer: row.hammer,
      buyer: row.buyer,
      lastTimetoken: tt(50),
    });
  });

  it('keeps the leader and underbidder, so that a later bid outbids as it would have', () => {
    const recorded = recorderFold([bid(1, 'lot-1', 'P7', 100_000), bid(2, 'lot-1', 'P3', 110_000)]);
    const record = lotRecordOf(recordedLot(lot, recorded.get(key('lot-1'))), tt(2))!;
    expect(record).toMatchObject({ leader: 'P3', underbidder: 'P7', bids: 2 });
    const after = applyBid(record, placed(3, 'lot-1', 'P12', 120_000), tt(3));
    expect(after).toMatchObject({ highBid: 120_000, leader: 'P12', underbidder: 'P3', bids: 3 });
    // The same paddle raising its own bid: the underbidder stays.
    const raised = applyBid(record, placed(3, 'lot-1', 'P3', 120_000), tt(3));
    expect(raised).toMatchObject({ leader: 'P3', underbidder: 'P7' });
  });

  it('makes a bid published after the read of a closed lot late: counted, never its result', () => {
    const recorded = recorderFold([bid(1, 'lot-1', 'P7', 100_000), closed(2, 'lot-1', 1)]);
    const record = lotRecordOf(recordedLot(lot, recorded.get(key('lot-1'))), tt(5))!;
    const late = applyBid(record, placed(6, 'lot-1', 'P3', 900_000), tt(6));
    expect(late).toMatchObject({ bids: 2, lateBids: 1, highBid: 100_000, leader: 'P7' });
    expect(late).toMatchObject({ hammer: 100_000, buyer: 'P7' });
    expect(lotStatus(late)).toBe('sold');
  });

  it('keeps the close announced by lot.opened, and the catalogue’s when never opened', () => {
    const scheduled = catalogueLot('lot-1', 1, { scheduledCloseAt: '2026-11-27T12:00:00.000Z' });
    const announced = recorderFold([opened(1, 'lot-1', '2026-11-27T11:00:00.000Z')]);
    expect(lotRecordOf(recordedLot(scheduled, announced.get(key('lot-1'))), tt(1))!.closesAt).toBe(
      '2026-11-27T11:00:00.000Z',
    );
    const bidOnly = recorderFold([bid(1, 'lot-1', 'P7', 100_000)]);
    expect(lotRecordOf(recordedLot(scheduled, bidOnly.get(key('lot-1'))), tt(1))!).toMatchObject({
      openedAt: null,
      closesAt: '2026-11-27T12:00:00.000Z',
    });
  });
});

describe('applyLiveMessage', () => {
  it('makes the record of a lot it first names, and leaves every other lot as it was', () => {
    const other = { ...emptyLotRecord({ auctionId: 'sale-2', lotId: 'lot-1' }, tt(0)), bids: 4 };
    const records = new Map([[key('lot-1', 'sale-2'), other]]);
    applyLiveMessage(records, bid(1, 'lot-1', 'P7', 100_000));
    expect(records.get(key('lot-1', 'sale-2'))).toBe(other);
    expect(records.get(key('lot-1'))).toMatchObject({
      auctionId: SALE,
      lotId: 'lot-1',
      lotTitle: 'Title of lot-1',
      currency: 'EUR',
      highBid: 100_000,
      leader: 'P7',
      bids: 1,
      lastBidAt: iso(1),
    });
    expect(lotStatus(records.get(key('lot-1')))).toBe('open');
    expect(records.size).toBe(2);
  });

  it.each([
    {
      name: 'a close naming a winner sells at the high bid to the leader',
      messages: [
        bid(1, 'lot-1', 'P7', 100_000),
        bid(2, 'lot-1', 'P3', 130_000),
        closed(3, 'lot-1', 2),
      ],
      expected: { status: 'sold', bids: 2, highBid: 130_000, hammer: 130_000, buyer: 'P3' },
    },
    {
      name: 'a close naming no winner passes the lot, its high bid kept',
      messages: [bid(1, 'lot-1', 'P7', 900_000), closed(2, 'lot-1', null)],
      expected: { status: 'passed', bids: 1, highBid: 900_000, hammer: null, buyer: null },
    },
    {
      name: 'a close naming a winner no bid gave sells with no hammer (unpriced)',
      messages: [opened(1, 'lot-1'), closed(2, 'lot-1', 99)],
      expected: { status: 'sold', bids: 0, highBid: null, hammer: null, buyer: null },
    },
    {
      name: 'a late bid is counted without changing the result',
      messages: [
        bid(1, 'lot-1', 'P7', 100_000),
        closed(2, 'lot-1', 1),
        bid(3, 'lot-1', 'P3', 500_000),
      ],
      expected: { status: 'sold', bids: 2, highBid: 100_000, hammer: 100_000, buyer: 'P7' },
    },
    {
      name: 'a lot opened again after its close is open, its result undone',
      messages: [
        bid(1, 'lot-1', 'P7', 100_000),
        closed(2, 'lot-1', 1),
        opened(3, 'lot-1'),
        bid(4, 'lot-1', 'P3', 110_000),
      ],
      expected: { status: 'open', bids: 2, highBid: 110_000, hammer: null, buyer: null },
    },
  ])('$name', ({ messages, expected }) => {
    const record = liveFold(messages).get(key('lot-1'));
    const { status, ...figures } = expected;
    expect(lotStatus(record)).toBe(status);
    expect(record).toMatchObject(figures);
    // The recorder agrees (the winner a close names is the high bid, as a platform closes).
    expect(shown(record)).toEqual(shown(recorderFold(messages).get(key('lot-1'))));
  });
});

describe('rebaseLiveLots', () => {
  const lots = [catalogueLot('lot-1', 1), catalogueLot('lot-2', 2), catalogueLot('lot-3', 3)];
  const history = [
    opened(1, 'lot-1'),
    bid(2, 'lot-1', 'P7', 100_000),
    bid(3, 'lot-2', 'P3', 200_000),
    closed(4, 'lot-1', 2),
    bid(5, 'lot-2', 'P7', 210_000),
    bid(6, 'lot-1', 'P12', 300_000),
  ];
  const readAt = (n: number) => [
    { lots: readBack(lots, recorderFold(history.filter((m) => m.timetoken <= tt(n)))) },
  ];

  it('has a record for every lot the read says was opened or bid on, none for those to come', () => {
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), []);
    expect([...records.keys()]).toEqual([key('lot-1'), key('lot-2')]);
    expect(after).toEqual([]);
    expect(shown(records.get(key('lot-1')))).toMatchObject({
      status: 'sold',
      bids: 2,
      hammer: 100_000,
    });
  });

  it('drops the messages at or before the read, folds those after it, in publish order', () => {
    // As kept by the browser, out of publish order, one of them (at 3) already in the read.
    const live = [history[5]!, history[2]!, history[3]!, history[4]!];
    const { records, after } = rebaseLiveLots(readAt(3), tt(3), live);
    expect(after.map((message) => message.timetoken)).toEqual([tt(4), tt(5), tt(6)]);
    expect(shown(records.get(key('lot-1')))).toEqual(
      shown(recorderFold(history).get(key('lot-1'))),
    );
    expect(records.get(key('lot-2'))).toMatchObject({ bids: 2, highBid: 210_000, leader: 'P7' });
    // lot-1 closed at 4 (in publish order, before the bid at 6, given first): that bid is late.
    expect(records.get(key('lot-1'))).toMatchObject({ bids: 2, lateBids: 1, hammer: 100_000 });
  });

  it('with no read yet (through null) folds every live message', () => {
    const empty = [{ lots: readBack(lots, new Map()) }];
    const { records, after } = rebaseLiveLots(empty, null, [...history].reverse());
    expect(after).toEqual(history);
    for (const lotId of ['lot-1', 'lot-2', 'lot-3'])
      expect(shown(records.get(key(lotId)))).toEqual(shown(recorderFold(history).get(key(lotId))));
  });

  it('does not count twice a record that reached further than the live messages', () => {
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), history);
    expect(after).toEqual([]);
    expect(records.get(key('lot-2'))!.bids).toBe(2);
    expect(records.get(key('lot-1'))!.bids).toBe(2);
  });

  it('compares timetokens as integers, not as text', () => {
    // A shorter digit string is an older timetoken, though it sorts after as text.
    const older = { ...bid(7, 'lot-3', 'P7', 100_000), timetoken: '9' };
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), [older]);
    expect(after).toEqual([]);
    expect(records.has(key('lot-3'))).toBe(false);
  });
});

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
