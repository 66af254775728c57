// The sale desk: each lot's state: the record as of `recordedThrough` and the live messages folded on.
import type { DeskCatalogue } from '@/lib/sales/lot';
import { bidOf, uuid } from '@/testing/sale-desk/flag-script';
import { applyClosed, lotStatus } from '@/lib/sale-desk/lot-record';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { createSaleDeskStore } from './sale-desk-store';
import {
  tt,
  catalogueOf,
  noFlags,
  recordOf,
  auction1,
  setup,
  recordOn,
} from './testing/sale-desk-fixtures';

describe('sale desk store', () => {
  it('keeps which lots are open, with closesAt, and which closed, sold with hammer or passed', () => {
    const { desk, ingest } = setup();
    const closesAt = '2026-11-21T10:05:00.000Z';
    const opened = { type: 'lot.opened', v: 1, auctionId: 'auction-1', openedAt: closesAt };
    const closed = { type: 'lot.closed', v: 1, auctionId: 'auction-1', closedAt: closesAt };
    ingest({ ...opened, lotId: 'lot-1', closesAt });
    ingest({ ...opened, lotId: 'lot-2', closesAt: null });
    expect(lotStatus(recordOn(desk, 'lot-1'))).toBe('open');
    expect(recordOn(desk, 'lot-1')).toMatchObject({ closesAt, bids: 0, hammer: null });
    ingest(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-2', id: 1 }, 0));
    ingest(bidOf({ paddle: 'P2', amount: 120_000, lot: 'lot-2', id: 2 }, 1));
    ingest({ ...closed, lotId: 'lot-1', winningBidId: null });
    ingest({ ...closed, lotId: 'lot-2', winningBidId: uuid(2) });
    expect(lotStatus(recordOn(desk, 'lot-1'))).toBe('passed');
    expect(recordOn(desk, 'lot-1')).toMatchObject({ closesAt, hammer: null, buyer: null });
    expect(lotStatus(recordOn(desk, 'lot-2'))).toBe('sold');
    expect(recordOn(desk, 'lot-2')).toMatchObject({
      closesAt: null,
      bids: 2,
      hammer: 120_000,
      buyer: 'P2',
    });
  });

  it('starts from the record as of recordedThrough: a later bid on a sold lot is late', async () => {
    const records = recordOf([
      [10, 'P1', 100_000],
      [20, 'P2', 110_000],
    ]);
    const key = saleLotKey('auction-1', 'lot-1');
    const lot1 = records.get(key)!;
    records.set(
      key,
      applyClosed(
        lot1,
        {
          type: 'lot.closed',
          v: 1,
          auctionId: 'auction-1',
          lotId: 'lot-1',
          winningBidId: lot1.highBidId,
          closedAt: '2026-11-21T10:05:00.000Z',
        },
        tt(30),
        { amount: 110_000, bidder: 'P2' },
      ),
    );
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(30), records));
    await desk.refresh();
    expect(lotStatus(recordOn(desk, 'lot-1'))).toBe('sold');
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 2, hammer: 110_000, buyer: 'P2' });
    ingestAt(40, bidOf({ paddle: 'P3', amount: 900_000, id: 40 }, 3));
    expect(lotStatus(recordOn(desk, 'lot-1'))).toBe('sold');
    expect(recordOn(desk, 'lot-1')).toMatchObject({
      bids: 3,
      lateBids: 1,
      highBid: 110_000,
      hammer: 110_000,
      buyer: 'P2',
    });
  });

  it('counts every bid the record holds, however many: 600 recorded and one live make 601', async () => {
    const bids = Array.from({ length: 600 }, (_, index): [number, string, number] => [
      index + 1,
      index % 2 === 0 ? 'P1' : 'P2',
      100_000 + index * 1_000,
    ]);
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(600), recordOf(bids)));
    await desk.refresh();
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 600, highBid: 699_000, leader: 'P2' });
    ingestAt(601, bidOf({ paddle: 'P1', amount: 700_000, id: 601 }, 600));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 601, highBid: 700_000, leader: 'P1' });
  });

  it('ignores a message at or before recordedThrough; folds one after it', async () => {
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(
      catalogueOf(
        [auction1()],
        tt(20),
        recordOf([
          [10, 'P1', 100_000],
          [20, 'P2', 110_000],
        ]),
      ),
    );
    await desk.refresh();
    const before = desk.getSnapshot();
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 2, highBid: 110_000, leader: 'P2' });
    // Published at recordedThrough, and before it: in the record already.
    ingestAt(20, bidOf({ paddle: 'P3', amount: 115_000, id: 21 }, 2));
    ingestAt(15, bidOf({ paddle: 'P1', amount: 118_000, id: 15 }, 3));
    ingestAt(20, {
      type: 'lot.opened',
      v: 1,
      auctionId: 'auction-1',
      lotId: 'lot-2',
      openedAt: '2026-11-21T10:00:00.000Z',
      closesAt: null,
    });
    expect(desk.getSnapshot()).toBe(before);
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 2, highBid: 110_000 });
    expect(recordOn(desk, 'lot-2')).toBeUndefined();
    // One past it: folded on.
    ingestAt(21, bidOf({ paddle: 'P3', amount: 120_000, id: 22 }, 4));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 3, highBid: 120_000, leader: 'P3' });
    expect(desk.getSnapshot().recordedThrough).toBe(tt(20));
  });

  it('before the first read folds every live message; the read drops those it covers', async () => {
    const { desk, load, ingestAt } = setup();
    ingestAt(10, bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0));
    ingestAt(20, bidOf({ paddle: 'P2', amount: 110_000, id: 20 }, 1));
    ingestAt(30, bidOf({ paddle: 'P1', amount: 120_000, id: 30 }, 2));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 3, highBid: 120_000 });
    load.mockResolvedValueOnce(
      catalogueOf(
        [auction1()],
        tt(20),
        recordOf([
          [10, 'P1', 100_000],
          [20, 'P2', 110_000],
        ]),
      ),
    );
    await desk.refresh();
    expect(recordOn(desk, 'lot-1')).toMatchObject({
      bids: 3,
      highBid: 120_000,
      leader: 'P1',
      underbidder: 'P2',
    });
  });

  it('a re-read with a newer recordedThrough drops the live messages it covers, once', async () => {
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(5)));
    await desk.refresh();
    ingestAt(10, bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0));
    ingestAt(20, bidOf({ paddle: 'P2', amount: 110_000, id: 20 }, 1));
    ingestAt(25, bidOf({ paddle: 'P3', amount: 150_000, lot: 'lot-2', id: 25 }, 2));
    ingestAt(30, bidOf({ paddle: 'P1', amount: 120_000, id: 30 }, 3));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 3, highBid: 120_000 });

    // The record has caught up to 20: the bids at 10 and 20 are in it, 25 and 30 still live.
    load.mockResolvedValueOnce(
      catalogueOf(
        [auction1()],
        tt(20),
        recordOf([
          [10, 'P1', 100_000],
          [20, 'P2', 110_000],
        ]),
      ),
    );
    await desk.refresh();
    expect(desk.getSnapshot().recordedThrough).toBe(tt(20));
    expect(desk.getSnapshot().sales[0]!.lots[0]).toMatchObject({ lotId: 'lot-1', bids: 2 });
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 3, highBid: 120_000, leader: 'P1' });
    expect(recordOn(desk, 'lot-2')).toMatchObject({ bids: 1, highBid: 150_000 });

    // Then to 30: every message in it, none counted twice.
    const through30 = recordOf([
      [10, 'P1', 100_000],
      [20, 'P2', 110_000],
      [25, 'P3', 150_000, 'lot-2'],
      [30, 'P1', 120_000],
    ]);
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(30), through30));
    await desk.refresh();
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 3, highBid: 120_000 });
    expect(recordOn(desk, 'lot-2')).toMatchObject({ bids: 1 });

    // And what comes live after it still folds on.
    ingestAt(40, bidOf({ paddle: 'P2', amount: 130_000, id: 40 }, 4));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 4, highBid: 130_000, leader: 'P2' });
  });

  it('reads the record again once more live messages than it keeps have come', async () => {
    const load = jest.fn<Promise<DeskCatalogue>, []>(() =>
      Promise.resolve(catalogueOf([auction1()], tt(5))),
    );
    const desk = createSaleDeskStore({
      load,
      loadFlags: noFlags,
      maxLiveMessages: 2,
      schedule: (run) => run(),
    });
    await desk.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0), tt(10));
    desk.onBid(bidOf({ paddle: 'P2', amount: 110_000, id: 20 }, 1), tt(20));
    expect(load).toHaveBeenCalledTimes(1);
    desk.onBid(bidOf({ paddle: 'P1', amount: 120_000, id: 30 }, 2), tt(30));
    expect(load).toHaveBeenCalledTimes(2);
    // Folded all the same, while the read is on its way.
    expect(desk.getSnapshot().records.get(saleLotKey('auction-1', 'lot-1'))!.bids).toBe(3);
  });

  it('folds a late bid after lot.closed on the lot: counted late, never its result', () => {
    const { desk, ingest } = setup();
    const first = bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0);
    ingest(first);
    // A duplicate is dropped before the desk.
    ingest(first);
    ingest({
      type: 'lot.closed',
      v: 1,
      auctionId: 'auction-1',
      lotId: 'lot-1',
      winningBidId: uuid(1),
      closedAt: '2026-11-21T10:05:00.000Z',
    });
    ingest(bidOf({ paddle: 'P2', amount: 105_000, id: 2 }, 1));
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 2, lateBids: 1, hammer: 100_000 });
  });

  it('keeps a lot the catalogue lacks after a re-read whose recordedThrough covers its bids', async () => {
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(5)));
    await desk.refresh();
    ingestAt(10, bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-9', id: 10 }, 0));
    ingestAt(20, bidOf({ paddle: 'P2', amount: 110_000, lot: 'lot-9', id: 20 }, 1));
    expect(recordOn(desk, 'lot-9')).toMatchObject({ bids: 2, highBid: 110_000 });
    // The record has both bids; the catalogue does not list lot-9 yet.
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(20)));
    await desk.refresh();
    expect(recordOn(desk, 'lot-9')).toMatchObject({ bids: 2, highBid: 110_000, leader: 'P2' });
  });
});
