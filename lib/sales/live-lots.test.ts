// live-lots.ts: the record as of `recordedThrough` read back into the reducer's state, and the
// live messages after it folded on, one at a time.
import { applyBid, emptyLotRecord, lotStatus } from '@/lib/sale-desk/lot-record';
import { applyLiveMessage, lotRecordOf } from './live-lots';
import { recordedLot } from './recorded-lot';
import {
  SALE,
  bid,
  catalogueLot,
  closed,
  iso,
  key,
  liveFold,
  opened,
  placed,
  recorderFold,
  shown,
  tt,
} from './live-lots-fixture';

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
