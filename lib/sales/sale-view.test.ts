import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { applyBid, applyClosed, applyOpened, type LotRecord } from '@/lib/sale-desk/lot-record';
import { applyLiveMessage, lotRecordOf } from './live-lots';
import type { Lot, Sale } from './lot';
import { recordedLot } from './recorded-lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import {
  hammerCurrencies,
  lotLabelOf,
  openLotCount,
  sameFigures,
  sameRow,
  saleBoard,
  saleFigures,
} from './sale-view';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const lot = (
  auctionId: string,
  lotId: string,
  lotNumber: number,
  extra: Partial<Lot> = {},
): Lot => ({
  auctionId,
  lotId,
  lotNumber,
  lotTitle: '1967 Ford Mustang Shelby GT500',
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  reserve: 150_000,
  startingBid: 50_000,
  scheduledCloseAt: null,
  ...extra,
});

const sale = (auctionId: string, lots: Lot[]): Sale => ({ auctionId, saleTitle: auctionId, lots });

let bidNumber = 0;
const placed = (
  auctionId: string,
  lotId: string,
  bidder: string,
  amount: number,
  at: number,
): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid((bidNumber += 1)),
  auctionId,
  lotId,
  lotTitle: `Live title of ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: iso(at),
});

/** Three bids on the lot up to `highBid` (Paddle 5, Paddle 6, then Paddle 7), the last at `at`. */
function bidOn(
  auctionId: string,
  lotId: string,
  highBid: number,
  at = NOW,
  record?: LotRecord,
): LotRecord {
  let state = record;
  const ladder: [string, number][] = [
    ['Paddle 5', highBid - 2_000],
    ['Paddle 6', highBid - 1_000],
    ['Paddle 7', highBid],
  ];
  ladder.forEach(([bidder, amount], index) => {
    const when = at - (2 - index) * 1_000;
    state = applyBid(state, placed(auctionId, lotId, bidder, amount, when), timetokenFromMs(when));
  });
  return state!;
}

const opened = (
  auctionId: string,
  lotId: string,
  closesAt: string | null = null,
  record?: LotRecord,
  at = NOW - 60_000,
): LotRecord =>
  applyOpened(
    record,
    { type: 'lot.opened', v: 1, auctionId, lotId, openedAt: iso(at), closesAt },
    timetokenFromMs(at),
  );

const closeOf = (record: LotRecord, winningBidId: string | null, at: number) =>
  ({
    type: 'lot.closed',
    v: 1,
    auctionId: record.auctionId,
    lotId: record.lotId,
    winningBidId,
    closedAt: iso(at),
  }) as const;

/** Closed at `at` on its high bid: sold at it, to its leader. */
const sold = (record: LotRecord, at = NOW + 1_000): LotRecord =>
  applyClosed(record, closeOf(record, record.highBidId, at), timetokenFromMs(at), {
    amount: record.highBid!,
    bidder: record.leader!,
  });

/** Closed at `at` with no winning bid, whatever its high bid. */
const passed = (record: LotRecord, at = NOW + 1_000): LotRecord =>
  applyClosed(record, closeOf(record, null, at), timetokenFromMs(at), null);

const recordsOf = (...records: LotRecord[]) =>
  new Map(records.map((record) => [saleLotKey(record.auctionId, record.lotId), record]));

const flagOn = (auctionId: string, lotId: string, n: number): Flag => ({
  id: `jump:${n}`,
  rule: 'jump',
  auctionId,
  lotId,
  paddles: ['P1'],
  bidIds: [],
  raisedAt: '2026-11-21T10:00:00.000Z',
});

describe('saleBoard', () => {
  const cars = sale('cars-a', [
    lot('cars-a', 'x', 1),
    lot('cars-a', 'y', 2),
    lot('cars-a', 'z', 3),
  ]);

  it('keeps the running order whatever order the lots were bid on', () => {
    const z = bidOn('cars-a', 'z', 10_000, NOW);
    const x = bidOn('cars-a', 'x', 10_000, NOW - 1);
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(z, x),
      flags: [],
    });
    expect(rows.map((row) => row.lotNumber)).toEqual([1, 2, 3]);
    const reversed = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(x, z),
      flags: [],
    });
    expect(reversed.map((row) => row.key)).toEqual(rows.map((row) => row.key));
  });

  it('never mixes lots of another sale with the same title or lot id', () => {
    const records = recordsOf(
      bidOn('cars-b', 'x', 99_000),
      bidOn('cars-b', 'q', 99_000),
      bidOn('cars-a', 'x', 10_000),
    );
    const rows = saleBoard({ sale: cars, auctionId: 'cars-a', records, flags: [] });
    expect(rows).toHaveLength(3);
    expect(rows[0]!.highBid).toBe(10_000);
    expect(rows.every((row) => row.auctionId === 'cars-a')).toBe(true);
  });

  it('reads open, close time, reserve state and flags per lot', () => {
    const y = bidOn('cars-a', 'y', 150_000, NOW, opened('cars-a', 'y', '2026-11-21T10:05:00.000Z'));
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(y),
      flags: [flagOn('cars-a', 'y', 1), flagOn('cars-b', 'y', 2)],
    });
    expect(rows[1]).toMatchObject({
      open: true,
      phase: 'open',
      status: 'open',
      closesAt: '2026-11-21T10:05:00.000Z',
      reserve: 'met',
      highBid: 150_000,
      leader: 'Paddle 7',
      bidCount: 3,
      flags: 1,
      lastBidAt: NOW,
    });
    expect(rows[0]).toMatchObject({
      open: false,
      phase: 'upcoming',
      status: 'upcoming',
      reserve: 'not-met',
      highBid: null,
      bidCount: 0,
      leader: null,
      lastBidAt: null,
      flags: 0,
    });
  });

  it('takes the close lot.opened announced, else the catalogue’s scheduled close', () => {
    const scheduled = '2026-11-21T10:30:00.000Z';
    const timed = sale('cars-a', [
      lot('cars-a', 'x', 1, { scheduledCloseAt: scheduled }),
      lot('cars-a', 'y', 2, { scheduledCloseAt: scheduled }),
      lot('cars-a', 'z', 3, { scheduledCloseAt: scheduled }),
    ]);
    const records = recordsOf(
      opened('cars-a', 'x', '2026-11-21T10:05:00.000Z'),
      // Opened with no close given: none, not the catalogue's.
      opened('cars-a', 'y', null),
    );
    const rows = saleBoard({ sale: timed, auctionId: 'cars-a', records, flags: [] });
    expect(rows.map((row) => row.closesAt)).toEqual(['2026-11-21T10:05:00.000Z', null, scheduled]);
  });

  it('reads a lot never opened nor bid on as upcoming, its scheduled close long past', () => {
    const late = sale('cars-a', [
      lot('cars-a', 'x', 1, { scheduledCloseAt: iso(NOW - 3_600_000) }),
      lot('cars-a', 'y', 2, { scheduledCloseAt: iso(NOW - 60_000) }),
    ]);
    // The sale went past lot x to lot y: the record says lot x never ran, so it is upcoming.
    const rows = saleBoard({
      sale: late,
      auctionId: 'cars-a',
      records: recordsOf(sold(bidOn('cars-a', 'y', 160_000))),
      flags: [],
    });
    expect(rows.map((row) => [row.lotId, row.phase, row.status, row.open])).toEqual([
      ['x', 'upcoming', 'upcoming', false],
      ['y', 'closed', 'sold', false],
    ]);
  });

  it('shows a sold lot with its hammer and buyer, a passed lot with neither', () => {
    const records = recordsOf(
      sold(bidOn('cars-a', 'x', 160_000)),
      // Its reserve met, passed all the same: its high bid is no hammer.
      passed(bidOn('cars-a', 'y', 170_000)),
      passed(opened('cars-a', 'z')),
    );
    const rows = saleBoard({ sale: cars, auctionId: 'cars-a', records, flags: [] });
    expect(rows[0]).toMatchObject({
      status: 'sold',
      phase: 'closed',
      open: false,
      sold: true,
      highBid: 160_000,
      hammer: 160_000,
      buyer: 'Paddle 7',
      leader: 'Paddle 7',
      closedTimetoken: timetokenFromMs(NOW + 1_000),
    });
    expect(rows[1]).toMatchObject({
      status: 'passed',
      phase: 'closed',
      sold: false,
      highBid: 170_000,
      reserve: 'met',
      hammer: null,
      buyer: null,
    });
    expect(rows[2]).toMatchObject({ status: 'passed', sold: false, bidCount: 0, hammer: null });
  });

  it('a late bid, however high, is counted without changing the result', () => {
    const result = sold(bidOn('cars-a', 'x', 160_000));
    const late = applyBid(
      result,
      placed('cars-a', 'x', 'Paddle 9', 900_000, NOW + 2_000),
      timetokenFromMs(NOW + 2_000),
    );
    const [before] = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(result),
      flags: [],
    });
    const [after] = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(late),
      flags: [],
    });
    expect(after).toMatchObject({
      status: 'sold',
      sold: true,
      bidCount: before!.bidCount + 1,
      highBid: 160_000,
      leader: 'Paddle 7',
      hammer: 160_000,
      buyer: 'Paddle 7',
      reserve: before!.reserve,
      closedTimetoken: before!.closedTimetoken,
    });
    expect(saleFigures([after!], undefined, NOW).hammer).toEqual(new Map([['EUR', 160_000]]));
  });

  it('is exact for a lot whose bids are older than any window: 600 bids count 600', () => {
    let record: LotRecord | undefined;
    for (let n = 0; n < 600; n += 1) {
      const at = NOW - (600 - n) * 1_000;
      const bidder = n % 2 === 0 ? 'Paddle 5' : 'Paddle 7';
      record = applyBid(
        record,
        placed('cars-a', 'x', bidder, 10_000 + n * 1_000, at),
        timetokenFromMs(at),
      );
    }
    const [row] = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(record!),
      flags: [],
    });
    expect(row).toMatchObject({
      bidCount: 600,
      highBid: 609_000,
      leader: 'Paddle 7',
      lastBidAt: NOW - 1_000,
      status: 'open',
    });
    // Read back from the record (GET /api/sales) and one live bid on: 601, none lost, none twice.
    const through = timetokenFromMs(NOW);
    const read = lotRecordOf(recordedLot(cars.lots[0]!, record), through)!;
    const records = recordsOf(read);
    applyLiveMessage(records, {
      kind: 'bid',
      timetoken: timetokenFromMs(NOW + 1_000),
      bid: placed('cars-a', 'x', 'Paddle 5', 700_000, NOW + 1_000),
    });
    const [live] = saleBoard({ sale: cars, auctionId: 'cars-a', records, flags: [] });
    expect(live).toMatchObject({ bidCount: 601, highBid: 700_000, leader: 'Paddle 5' });
  });

  it('shows lots of the sale the catalogue lacks after the numbered ones, in lot id order', () => {
    const records = recordsOf(
      bidOn('cars-a', 'b', 10_000),
      bidOn('cars-a', 'a', 10_000),
      bidOn('cars-b', 'c', 10_000),
    );
    const rows = saleBoard({ sale: undefined, auctionId: 'cars-a', records, flags: [] });
    expect(rows.map((row) => [row.lotId, row.lotNumber, row.reserve])).toEqual([
      ['a', null, null],
      ['b', null, null],
    ]);
    const withCatalogue = saleBoard({
      sale: sale('cars-a', [lot('cars-a', 'c', 1)]),
      auctionId: 'cars-a',
      records,
      flags: [],
    });
    expect(withCatalogue.map((row) => [row.lotId, row.lotNumber])).toEqual([
      ['c', 1],
      ['a', null],
      ['b', null],
    ]);
  });
});

describe('saleFigures', () => {
  it('counts open lots, recent bids of the sale, sold lots and the hammer total', () => {
    const cars = sale('cars-a', [
      lot('cars-a', 'x', 1),
      lot('cars-a', 'y', 2, { reserve: null }),
      lot('cars-a', 'z', 3),
      lot('cars-a', 'w', 4),
      lot('cars-a', 'v', 5),
    ]);
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(
        sold(bidOn('cars-a', 'x', 160_000)),
        sold(bidOn('cars-a', 'y', 20_000)),
        bidOn('cars-a', 'z', 100_000),
        // Passed with no winner although its reserve was met: not sold, not in the hammer total.
        passed(bidOn('cars-a', 'w', 900_000)),
      ),
      flags: [],
    });
    expect(rows.find((row) => row.lotId === 'w')).toMatchObject({ reserve: 'met', sold: false });
    // Per second over its last minute, the latest second 1 s ago: 1 bid then, 4 bids 61 s ago.
    const perSecond = Array.from({ length: 60 }, (_, index) => (index === 59 ? 1 : 0));
    const rate = { perSecond, endsAt: Math.floor((NOW - 1_000) / 1000) * 1000 };
    const figures = saleFigures(rows, rate, NOW);
    expect(figures.openLots).toBe(1);
    expect(figures.bidsLastMinute).toBe(1);
    expect(figures.soldLots).toBe(2);
    expect([...figures.hammer]).toEqual([['EUR', 180_000]]);
    expect(figures.unpriced.size).toBe(0);
  });

  it('sums the hammer, not the high bid, when the winning bid was not the highest', () => {
    // The close named an earlier bid (the record looked it up): that is the price.
    const bidding = bidOn('cars-a', 'x', 160_000);
    const result = applyClosed(
      bidding,
      closeOf(bidding, uuid(1), NOW + 1_000),
      timetokenFromMs(NOW + 1_000),
      { amount: 150_000, bidder: 'Paddle 6' },
    );
    const rows = saleBoard({
      sale: sale('cars-a', [lot('cars-a', 'x', 1)]),
      auctionId: 'cars-a',
      records: recordsOf(result),
      flags: [],
    });
    expect(rows[0]).toMatchObject({ highBid: 160_000, hammer: 150_000, buyer: 'Paddle 6' });
    expect([...saleFigures(rows, undefined, NOW).hammer]).toEqual([['EUR', 150_000]]);
  });

  it('counts a lot sold whose winning bid the record lacks, with no amount in the total', () => {
    const cars = sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]);
    // Lot y: opened, closed naming a winning bid the record never had.
    const y = opened('cars-a', 'y');
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      records: recordsOf(
        sold(bidOn('cars-a', 'x', 160_000)),
        applyClosed(y, closeOf(y, uuid(999_999), NOW), timetokenFromMs(NOW), null),
      ),
      flags: [],
    });
    expect(rows[1]).toMatchObject({ sold: true, status: 'sold', hammer: null, buyer: null });
    const figures = saleFigures(rows, undefined, NOW);
    expect(figures.soldLots).toBe(2);
    expect([...figures.hammer]).toEqual([['EUR', 160_000]]);
    // And said: one sold lot in euros is not in that total.
    expect([...figures.unpriced]).toEqual([['EUR', 1]]);
  });
});

describe('hammerCurrencies', () => {
  it('names the catalogue’s currencies, and any a sold lot brings, each once and sorted', () => {
    const mixed = sale('mixed', [
      lot('mixed', 'a', 1, { currency: 'GBP' }),
      lot('mixed', 'b', 2),
      lot('mixed', 'c', 3, { currency: 'GBP' }),
    ]);
    const none = new Map<string, number>();
    expect(hammerCurrencies(mixed, { hammer: none, unpriced: none })).toEqual(['EUR', 'GBP']);
    expect(hammerCurrencies(mixed, { hammer: new Map([['USD', 100]]), unpriced: none })).toEqual([
      'EUR',
      'GBP',
      'USD',
    ]);
    expect(hammerCurrencies(mixed, { hammer: none, unpriced: new Map([['CHF', 1]]) })).toEqual([
      'CHF',
      'EUR',
      'GBP',
    ]);
    expect(hammerCurrencies(undefined, { hammer: none, unpriced: none })).toEqual([]);
  });
});

describe('openLotCount', () => {
  it('counts a lot opened with no bid yet, a lot bid on, and each lot once', () => {
    const records = recordsOf(
      bidOn('cars-a', 'x', 100_000, NOW, opened('cars-a', 'x')),
      opened('cars-a', 'y'),
      sold(bidOn('cars-b', 'x', 100_000)),
      // Bid on, never opened nor closed.
      bidOn('cars-c', 'z', 100_000),
      passed(bidOn('cars-c', 'w', 100_000)),
    );
    expect(openLotCount(records)).toBe(3);
    expect(openLotCount(new Map())).toBe(0);
  });

  it('counts a lot opened again after its close, and not one closed after it opened', () => {
    const again = opened('cars-a', 'x', null, passed(opened('cars-a', 'x')), NOW + 2_000);
    expect(openLotCount(recordsOf(again))).toBe(1);
    expect(openLotCount(recordsOf(passed(opened('cars-a', 'x'))))).toBe(0);
  });

  it('adds up to the open lots of the sales boards', () => {
    const records = recordsOf(
      bidOn('cars-a', 'x', 100_000),
      opened('cars-a', 'y'),
      bidOn('cars-b', 'x', 100_000),
      // Opened, not catalogued: on cars-b's board all the same, after its numbered lots.
      opened('cars-b', 'ghost'),
      sold(bidOn('cars-b', 'z', 100_000)),
    );
    const catalogue = [
      sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]),
      sale('cars-b', [lot('cars-b', 'x', 1), lot('cars-b', 'z', 2)]),
    ];
    const openIn = (auctionId: string) =>
      saleFigures(
        saleBoard({
          sale: catalogue.find((one) => one.auctionId === auctionId),
          auctionId,
          records,
          flags: [],
        }),
        undefined,
        NOW,
      ).openLots;
    const a = openIn('cars-a');
    const b = openIn('cars-b');
    expect([a, b]).toEqual([2, 2]);
    expect(openLotCount(records)).toBe(a + b);
  });
});

describe('lotLabelOf', () => {
  it('names the sale and lot number, or nothing when not catalogued', () => {
    const sales = [sale('cars-a', [lot('cars-a', 'x', 4)])];
    expect(lotLabelOf(sales, 'cars-a', 'x')).toEqual({ saleTitle: 'cars-a', lotNumber: 4 });
    expect(lotLabelOf(sales, 'cars-b', 'x')).toEqual({
      saleTitle: undefined,
      lotNumber: undefined,
    });
  });
});

describe('lotLabelOf, asked again', () => {
  it('answers from the catalogue it is given, and a new catalogue is read anew', () => {
    const first = [sale('cars-a', [lot('cars-a', 'x', 4)])];
    expect(lotLabelOf(first, 'cars-a', 'x').lotNumber).toBe(4);
    expect(lotLabelOf(first, 'cars-a', 'y').lotNumber).toBeUndefined();
    const reloaded = [sale('cars-a', [lot('cars-a', 'x', 4), lot('cars-a', 'y', 5)])];
    expect(lotLabelOf(reloaded, 'cars-a', 'y')).toEqual({ saleTitle: 'cars-a', lotNumber: 5 });
    expect(lotLabelOf(first, 'cars-a', 'y').lotNumber).toBeUndefined();
  });

  it('keeps the first of two sales or lots with the same id, as a search from the start would', () => {
    const sales = [
      sale('cars-a', [lot('cars-a', 'x', 4), lot('cars-a', 'x', 9)]),
      { ...sale('cars-a', [lot('cars-a', 'x', 7)]), saleTitle: 'later' },
    ];
    expect(lotLabelOf(sales, 'cars-a', 'x')).toEqual({ saleTitle: 'cars-a', lotNumber: 4 });
  });
});

describe('sameRow', () => {
  const board = () =>
    saleBoard({
      sale: sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]),
      auctionId: 'cars-a',
      records: recordsOf(bidOn('cars-a', 'x', 120_000)),
      flags: [],
    });

  it('holds for the rows of two boards built from the same figures', () => {
    const [a, b] = [board(), board()];
    expect(a[0]).not.toBe(b[0]);
    expect(a.every((row, index) => sameRow(row, b[index]!))).toBe(true);
  });

  it('fails when one figure differs', () => {
    const [row] = board();
    expect(sameRow(row!, { ...row!, bidCount: row!.bidCount + 1 })).toBe(false);
    expect(sameRow(row!, { ...row!, leader: 'Paddle 8' })).toBe(false);
    expect(sameRow(row!, { ...row!, reserve: 'met' })).toBe(false);
    expect(sameRow(row!, { ...row!, status: 'sold' })).toBe(false);
    expect(sameRow(row!, { ...row!, hammer: 120_000 })).toBe(false);
    expect(sameRow(row!, { ...row!, buyer: 'Paddle 7' })).toBe(false);
  });
});

describe('sameFigures', () => {
  const figures = (hammer: [string, number][], bidsLastMinute = 3) => ({
    openLots: 2,
    bidsLastMinute,
    soldLots: hammer.length,
    hammer: new Map(hammer),
    unpriced: new Map<string, number>(),
  });

  it('compares every figure and each currency of the hammer total', () => {
    expect(sameFigures(figures([['EUR', 100]]), figures([['EUR', 100]]))).toBe(true);
    expect(sameFigures(figures([['EUR', 100]]), figures([['EUR', 101]]))).toBe(false);
    expect(sameFigures(figures([['EUR', 100]]), figures([['USD', 100]]))).toBe(false);
    expect(sameFigures(figures([]), figures([], 4))).toBe(false);
  });
});
