import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import type { DeskCatalogue, FlagsRead, Sale } from '@/lib/sales/lot';
import { bidOf, uuid } from '@/testing/sale-desk/flag-script';
import { applyBid, applyClosed, lotStatus, type LotRecord } from '@/lib/sale-desk/lot-record';
import { recordedLot } from '@/lib/sales/recorded-lot';
import { createBidStore } from './bid-store';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { createSaleDeskStore } from './sale-desk-store';

const sale = (auctionId: string, lots: Array<[lotId: string, lotNumber: number]>): Sale => ({
  auctionId,
  saleTitle: `Sale ${auctionId}`,
  lots: lots.map(([lotId, lotNumber]) => ({
    auctionId,
    lotId,
    lotNumber,
    lotTitle: '1967 Ford Mustang Shelby GT500',
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 200_000,
    reserve: null,
    startingBid: 50_000,
    scheduledCloseAt: null,
  })),
});

/** Timetoken `n` of the channel (17 digits, past 2^53: built as an integer). */
const tt = (n: number) => (17_000_000_000_000_000n + BigInt(n)).toString();

/**
 * The catalogue as `GET /api/sales?include=lots` answers it: each lot with its state in `records`
 * (by `saleLotKey`; upcoming when absent), and how far the record reaches.
 */
const catalogueOf = (
  sales: Sale[],
  recordedThrough: string | null = null,
  records: ReadonlyMap<string, LotRecord> = new Map(),
  flags: RecordedFlag[] = [],
): DeskCatalogue => ({
  recordedThrough,
  flags,
  sales: sales.map((one) => {
    const lots = one.lots.map((lot) =>
      recordedLot(lot, records.get(saleLotKey(lot.auctionId, lot.lotId))),
    );
    return {
      auctionId: one.auctionId,
      saleTitle: one.saleTitle,
      lotCount: lots.length,
      currencies: ['EUR'],
      upcoming: lots.filter((lot) => lot.status === 'upcoming').length,
      open: lots.filter((lot) => lot.status === 'open').length,
      sold: lots.filter((lot) => lot.status === 'sold').length,
      passed: lots.filter((lot) => lot.status === 'passed').length,
      hammerTotals: [],
      lots,
    };
  }),
});

/** A flags read with none raised. */
const noFlags = (): Promise<FlagsRead> => Promise.resolve({ recordedThrough: null, flags: [] });

/** A jump the recorder raised on `auction-1`'s lot-1 by bid 20 (published at `tt(20)`). */
const raisedJump = (): RecordedFlag => {
  const { placedAt } = bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1);
  return {
    id: `jump:auction-1/lot-1:${uuid(20)}`,
    rule: 'jump',
    auctionId: 'auction-1',
    lotId: 'lot-1',
    lotTitle: 'A title the store never saw',
    paddles: ['P2'],
    bidIds: [uuid(20)],
    bids: [{ bidId: uuid(20), bidder: 'P2', amount: 900_000, currency: 'EUR', placedAt }],
    raisedAt: placedAt,
    timetoken: tt(20),
    state: 'open',
    reviews: [],
  };
};

/** A desk whose read of the record reached `tt(5)`, reading its flags with `loadFlags`. */
async function deskReadThrough5(loadFlags: (after: string | null) => Promise<FlagsRead>) {
  const desk = createSaleDeskStore({
    load: () => Promise.resolve(catalogueOf([auction1()], tt(5))),
    loadFlags,
    schedule: (flush) => flush(),
  });
  await desk.refresh();
  return desk;
}

/** The record of `auction-1`'s lots after the bids given, bid `[n, …]` published at `tt(n)`. */
function recordOf(bids: Array<[n: number, paddle: string, amount: number, lot?: string]>) {
  const records = new Map<string, LotRecord>();
  for (const [n, paddle, amount, lot = 'lot-1'] of bids) {
    const key = saleLotKey('auction-1', lot);
    records.set(key, applyBid(records.get(key), bidOf({ paddle, amount, lot, id: n }, n), tt(n)));
  }
  return records;
}

const auction1 = () =>
  sale('auction-1', [
    ['lot-2', 2],
    ['lot-1', 1],
  ]);

function setup(loaded: Sale[] = [auction1()], recordedThrough: string | null = null) {
  let clock = 1_000_000;
  const load = jest.fn<Promise<DeskCatalogue>, []>(() =>
    Promise.resolve(catalogueOf(loaded, recordedThrough)),
  );
  const desk = createSaleDeskStore({
    load,
    loadFlags: noFlags,
    now: () => clock,
    schedule: (flush) => flush(),
  });
  const store = createBidStore({ observer: desk, schedule: (flush) => flush() });
  let timetoken = 0;
  /** The next message, published 10 after the last one `ingest` gave. */
  const ingest = (payload: unknown) => store.ingest({ timetoken: tt((timetoken += 10)), payload });
  /** A message published at `tt(n)`, whatever came before. */
  const ingestAt = (n: number, payload: unknown) => store.ingest({ timetoken: tt(n), payload });
  return { desk, store, load, ingest, ingestAt, advance: (ms: number) => (clock += ms) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const recordOn = (desk: ReturnType<typeof setup>['desk'], lotId: string, auctionId = 'auction-1') =>
  desk.getSnapshot().records.get(saleLotKey(auctionId, lotId));

describe('sale desk store', () => {
  it('loads the catalogue with lots in lot-number order, and how far the record reaches', async () => {
    const { desk } = setup([auction1()], tt(50));
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    expect(desk.getSnapshot().recordedThrough).toBeNull();
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot().catalogueAnswered).toBe(true);
    expect(desk.getSnapshot().catalogueLoaded).toBe(true);
    expect(desk.getSnapshot().recordedThrough).toBe(tt(50));
    const [loaded] = desk.getSnapshot().sales;
    expect(loaded!.lots.map((lot) => lot.lotId)).toEqual(['lot-1', 'lot-2']);
    expect(desk.lookup('auction-1', 'lot-2')?.lotNumber).toBe(2);
    // Both upcoming in the record: no lot state yet.
    expect(desk.getSnapshot().records.size).toBe(0);
  });

  it('takes the record the page was rendered with before any read; never over a read that answered', async () => {
    const { desk, load } = setup([auction1(), sale('auction-2', [['lot-1', 1]])], tt(50));
    desk.seed(catalogueOf([auction1()], tt(40), recordOf([[10, 'P1', 100_000]])));
    expect(desk.getSnapshot()).toMatchObject({ catalogueAnswered: true, recordedThrough: tt(40) });
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual(['auction-1']);
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 1, highBid: 100_000 });
    // The desk's own read brings every sale, as ever.
    await desk.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual([
      'auction-1',
      'auction-2',
    ]);
    // A page record coming after it (a later render) is older than what the desk holds.
    desk.seed(catalogueOf([auction1()], tt(5)));
    expect(desk.getSnapshot().recordedThrough).toBe(tt(50));
    expect(desk.getSnapshot().sales).toHaveLength(2);
    // Every sale read already: nothing more to read for the all-sales view.
    await desk.readAll();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with the page’s record alone, reads every sale when the all-sales view asks, not for another sale’s bid', async () => {
    const { desk, load, advance } = setup([auction1(), sale('auction-2', [['lot-1', 1]])], tt(50));
    desk.seed(catalogueOf([auction1()], tt(40)));
    // A bid of another sale: not in the focus; folded, not read for.
    desk.onBid(
      bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-1', auction: 'auction-2', id: 60 }, 0),
      tt(60),
    );
    expect(load).not.toHaveBeenCalled();
    // A lot of the page's own sale catalogued since: read for at once.
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-9', id: 61 }, 0), tt(61));
    expect(load).toHaveBeenCalledTimes(1);
    await flush();
    // That read brought every sale: the all-sales view needs nothing more.
    await desk.readAll();
    expect(load).toHaveBeenCalledTimes(1);
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual([
      'auction-1',
      'auction-2',
    ]);
    advance(10_000);
    // And the all-sales view opened before any such read asks for them.
    const { desk: other, load: otherLoad } = setup([auction1(), sale('auction-2', [['lot-1', 1]])]);
    other.seed(catalogueOf([auction1()], tt(40)));
    await other.readAll();
    expect(otherLoad).toHaveBeenCalledTimes(1);
    expect(other.getSnapshot().sales).toHaveLength(2);
  });

  it('read again, the same catalogue keeps its sales; lots catalogued since are added', async () => {
    const first = [sale('auction-1', [['lot-1', 1]])];
    const { desk, load } = setup(first, tt(10));
    await desk.refresh();
    await flush();
    const before = desk.getSnapshot();
    load.mockResolvedValueOnce(JSON.parse(JSON.stringify(catalogueOf(first, tt(10)))));
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot()).toBe(before);
    // The same sales, the record further on: taken.
    load.mockResolvedValueOnce(catalogueOf(first, tt(20)));
    await desk.refresh();
    expect(desk.getSnapshot()).not.toBe(before);
    expect(desk.getSnapshot().recordedThrough).toBe(tt(20));
    load.mockResolvedValueOnce(
      catalogueOf(
        [
          sale('auction-1', [
            ['lot-1', 1],
            ['lot-2', 2],
          ]),
        ],
        tt(20),
      ),
    );
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot().sales[0]!.lots.map((lot) => lot.lotId)).toEqual(['lot-1', 'lot-2']);
  });

  it('refreshes on a bid for an unknown lot, at most once per few seconds', async () => {
    const { desk, load, ingest, advance } = setup();
    await desk.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    ingest(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-1' }, 0));
    expect(load).toHaveBeenCalledTimes(1);
    advance(6_000);
    ingest(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-9', id: 2 }, 1));
    await flush();
    ingest(bidOf({ paddle: 'P2', amount: 110_000, lot: 'lot-9', id: 3 }, 2));
    expect(load).toHaveBeenCalledTimes(2);
    advance(6_000);
    ingest(bidOf({ paddle: 'P1', amount: 120_000, lot: 'lot-9', id: 4 }, 3));
    expect(load).toHaveBeenCalledTimes(3);
  });

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

  it('shows the record’s flags with their bids and raises none itself', async () => {
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(100), new Map(), [raisedJump()]));
    await desk.refresh();
    expect(desk.getSnapshot().flags).toEqual([
      expect.objectContaining({
        id: raisedJump().id,
        lotTitle: raisedJump().lotTitle,
        bids: raisedJump().bids,
      }),
    ]);
    expect(desk.getSnapshot().flagCounts.jump).toBe(1);
    // Bids this browser sees that would raise a jump and a far-over-estimate raise nothing here.
    ingestAt(110, bidOf({ paddle: 'P1', amount: 100_000, id: 110 }, 0));
    ingestAt(120, bidOf({ paddle: 'P2', amount: 900_000, id: 120 }, 1));
    expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([raisedJump().id]);
  });

  it('reads the recorder’s flags once, two seconds after live messages arrive, however many, those since the last read only', async () => {
    jest.useFakeTimers();
    try {
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockResolvedValue({ recordedThrough: tt(20), flags: [raisedJump()] });
      const desk = await deskReadThrough5(loadFlags);
      desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0), tt(10));
      desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1), tt(20));
      await jest.advanceTimersByTimeAsync(1_999);
      expect(loadFlags).not.toHaveBeenCalled();
      expect(desk.getSnapshot().flags).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(loadFlags).toHaveBeenCalledTimes(1);
      // Those raised after what the catalogue's read covered.
      expect(loadFlags).toHaveBeenLastCalledWith(tt(5));
      expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([raisedJump().id]);
      // The same flags read again change nothing: the snapshot is kept.
      const before = desk.getSnapshot();
      desk.onBid(bidOf({ paddle: 'P1', amount: 1_000_000, id: 30 }, 2), tt(30));
      const afterBid = desk.getSnapshot();
      await jest.advanceTimersByTimeAsync(2_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
      expect(loadFlags).toHaveBeenLastCalledWith(tt(20));
      expect(desk.getSnapshot()).toBe(afterBid);
      expect(afterBid.flags).toBe(before.flags);
      // No live message, no read.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('adds the flags a read brings to those shown, newest first, each once; the catalogue’s read replaces them', async () => {
    jest.useFakeTimers();
    try {
      const later: RecordedFlag = {
        ...raisedJump(),
        id: `self-raise:auction-1/lot-2:${uuid(40)}`,
        rule: 'self-raise',
        lotId: 'lot-2',
        raisedAt: bidOf({ paddle: 'P3', amount: 1, id: 40 }, 3).placedAt,
        timetoken: tt(40),
      };
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockResolvedValueOnce({ recordedThrough: tt(40), flags: [later, raisedJump()] });
      const load = jest
        .fn<Promise<DeskCatalogue>, []>()
        .mockResolvedValueOnce(catalogueOf([auction1()], tt(20), new Map(), [raisedJump()]))
        .mockResolvedValueOnce(catalogueOf([auction1()], tt(50), new Map(), []));
      const desk = createSaleDeskStore({ load, loadFlags, schedule: (flush) => flush() });
      await desk.refresh();
      desk.onBid(bidOf({ paddle: 'P3', amount: 100_000, id: 40 }, 3), tt(40));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([later.id, raisedJump().id]);
      expect(desk.getSnapshot().flagCounts).toMatchObject({ jump: 1, 'self-raise': 1 });
      // The record no longer holds them (retention): the whole read says so.
      await desk.refresh();
      expect(desk.getSnapshot().flags).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed flags read keeps the flags shown; the next live message asks again', async () => {
    jest.useFakeTimers();
    try {
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockRejectedValueOnce(new Error('down'))
        .mockResolvedValue({ recordedThrough: tt(20), flags: [raisedJump()] });
      const desk = await deskReadThrough5(loadFlags);
      desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0), tt(10));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(desk.getSnapshot().flags).toEqual([]);
      desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1), tt(20));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
      expect(desk.getSnapshot().flags).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
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

  it('two sales with the same lot title stay two lots', async () => {
    const { desk } = setup([sale('cars-a', [['mustang', 1]]), sale('cars-b', [['mustang', 1]])]);
    await desk.refresh();
    expect(desk.lookup('cars-a', 'mustang')?.auctionId).toBe('cars-a');
    expect(desk.lookup('cars-b', 'mustang')?.auctionId).toBe('cars-b');
    expect(saleLotKey('a/b', 'c')).not.toBe(saleLotKey('a', 'b/c'));
  });

  it('sign-out forgets the catalogue, the lots, the record read and the flags; a late answer is dropped', async () => {
    let resolve: (catalogue: DeskCatalogue) => void = () => {};
    const desk = createSaleDeskStore({
      loadFlags: noFlags,
      load: () => new Promise((done) => (resolve = done)),
      schedule: (flush) => flush(),
    });
    const pending = desk.refresh();
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0), tt(10));
    desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 2 }, 1), tt(20));
    expect(desk.getSnapshot().records.size).toBe(1);
    desk.reset();
    resolve(
      catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(20), recordOf([[10, 'P1', 1]]), [
        raisedJump(),
      ]),
    );
    await pending;
    expect(desk.getSnapshot().sales).toEqual([]);
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    expect(desk.getSnapshot().recordedThrough).toBeNull();
    expect(desk.getSnapshot().records.size).toBe(0);
    expect(desk.getSnapshot().flags).toEqual([]);
    expect(desk.getSnapshot().flagCounts.jump).toBe(0);
    // Nothing of the last session is folded on the next one's first read.
    const next = createSaleDeskStore({
      loadFlags: noFlags,
      load: () => Promise.resolve(catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(5))),
      schedule: (flush) => flush(),
    });
    next.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0), tt(10));
    next.reset();
    await next.refresh();
    expect(next.getSnapshot().records.size).toBe(0);
  });

  it('a failed load keeps the catalogue it had', async () => {
    const load = jest
      .fn<Promise<DeskCatalogue>, []>()
      .mockResolvedValueOnce(catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(10)))
      .mockRejectedValueOnce(new Error('down'));
    const desk = createSaleDeskStore({ load, loadFlags: noFlags, schedule: (flush) => flush() });
    await desk.refresh();
    const before = desk.getSnapshot();
    const listener = jest.fn();
    desk.subscribe(listener);
    await desk.refresh();
    // Nothing to show: no notice, no render of the desk.
    expect(desk.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(desk.getSnapshot().sales).toHaveLength(1);
    expect(desk.getSnapshot()).toMatchObject({
      catalogueLoaded: true,
      catalogueError: null,
      recordedThrough: tt(10),
    });
  });

  it('says why a read failed until one succeeds; once one did, later failures are not shown', async () => {
    const down = new Error('down');
    const stillDown = new Error('still down');
    const catalogue = catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(10));
    const load = jest
      .fn<Promise<DeskCatalogue>, []>()
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(stillDown)
      .mockResolvedValueOnce(catalogue)
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(catalogue);
    const desk = createSaleDeskStore({ load, loadFlags: noFlags, schedule: (flush) => flush() });
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({ catalogueLoaded: false, catalogueError: down });
    // A retry that fails again says so (the notice's reason is the newest).
    await desk.refresh();
    expect(desk.getSnapshot().catalogueError).toBe(stillDown);
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({ catalogueLoaded: true, catalogueError: null });
    const before = desk.getSnapshot();
    await desk.refresh();
    await desk.refresh();
    expect(desk.getSnapshot()).toBe(before);
  });

  it('a failed first load still answers: /dash need not wait for a catalogue that cannot come', async () => {
    const desk = createSaleDeskStore({
      loadFlags: noFlags,
      load: () => Promise.reject(new Error('down')),
      schedule: (flush) => flush(),
    });
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({
      sales: [],
      recordedThrough: null,
      catalogueAnswered: true,
      catalogueLoaded: false,
      catalogueError: new Error('down'),
    });
  });
});
