import type { LotSummary } from '@/lib/realtime/bid-store';
import type { LotState } from '@/lib/realtime/sale-desk-store';
import { saleLotKey } from './sale-lot-key';
import { timetokenFromMs } from '@/lib/realtime/timetoken';
import type { Lot, Sale } from './lot';
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

const summary = (
  auctionId: string,
  lotId: string,
  highBid: number,
  at: number,
  closed = false,
): LotSummary => ({
  key: `${auctionId}/${lotId}`,
  auctionId,
  lotId,
  lotTitle: '1967 Ford Mustang Shelby GT500',
  currency: 'EUR',
  highBid,
  bidCount: 3,
  leader: 'Paddle 7',
  lastTimetoken: timetokenFromMs(at),
  lastBidTimetoken: timetokenFromMs(at),
  closedTimetoken: closed ? timetokenFromMs(at) : null,
});

describe('saleBoard', () => {
  const cars = sale('cars-a', [
    lot('cars-a', 'x', 1),
    lot('cars-a', 'y', 2),
    lot('cars-a', 'z', 3),
  ]);

  it('keeps the running order whatever order the lots were bid on', () => {
    const lots = [summary('cars-a', 'z', 10_000, NOW), summary('cars-a', 'x', 10_000, NOW - 1)];
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      lots,
      lotStates: new Map(),
      flags: [],
      seenSince: Infinity,
    });
    expect(rows.map((row) => row.lotNumber)).toEqual([1, 2, 3]);
    const reversed = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      lots: [...lots].reverse(),
      lotStates: new Map(),
      flags: [],
      seenSince: Infinity,
    });
    expect(reversed.map((row) => row.key)).toEqual(rows.map((row) => row.key));
  });

  it('never mixes lots of another sale with the same title or lot id', () => {
    const lots = [summary('cars-b', 'x', 99_000, NOW), summary('cars-a', 'x', 10_000, NOW)];
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      lots,
      lotStates: new Map(),
      flags: [],
      seenSince: Infinity,
    });
    expect(rows).toHaveLength(3);
    expect(rows[0]!.highBid).toBe(10_000);
  });

  it('reads open, close time, reserve state and flags per lot', () => {
    const lotStates = new Map<string, LotState>([
      [
        saleLotKey('cars-a', 'y'),
        { open: true, closesAt: '2026-11-21T10:05:00.000Z', sold: false },
      ],
    ]);
    const flags = [
      {
        id: 'jump:1',
        rule: 'jump' as const,
        auctionId: 'cars-a',
        lotId: 'y',
        paddles: ['P1'],
        bidIds: [],
        raisedAt: '2026-11-21T10:00:00.000Z',
      },
    ];
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      lots: [summary('cars-a', 'y', 150_000, NOW)],
      lotStates,
      flags,
      seenSince: Infinity,
    });
    expect(rows[1]).toMatchObject({
      open: true,
      closesAt: '2026-11-21T10:05:00.000Z',
      reserve: 'met',
      flags: 1,
      lastBidAt: NOW,
    });
    expect(rows[0]).toMatchObject({ open: false, reserve: 'not-met', highBid: null, flags: 0 });
  });

  describe('which lots to come read closed once due', () => {
    const minutes = (offset: number) => new Date(NOW + offset * 60_000).toISOString();
    const five = sale(
      'cars-a',
      [-5, -4, -3, -2, -1].map((close, index) =>
        lot('cars-a', `l${index + 1}`, index + 1, { scheduledCloseAt: minutes(close) }),
      ),
    );
    const board = (lots: LotSummary[], lotStates: Map<string, LotState>, seenSince: number) =>
      saleBoard({ sale: five, auctionId: 'cars-a', lots, lotStates, flags: [], seenSince })
        .filter((row) => row.phase === 'upcoming')
        .map((row) => [row.lotNumber, row.closedWhenDue]);

    it('those the sale has gone past, not those it has yet to reach', () => {
      // Lot 2 closed, lot 4 bid on; lots 1, 3 and 5 never seen.
      const closed = new Map([
        [saleLotKey('cars-a', 'l2'), { open: false, closesAt: null, sold: false }],
      ]);
      const rows = board([summary('cars-a', 'l4', 60_000, NOW)], closed, -Infinity);
      expect(rows).toEqual([
        [1, true],
        [3, true],
        [5, false],
      ]);
    });

    it('of a sale never seen, those due before what this browser has seen', () => {
      expect(board([], new Map(), NOW - 3.5 * 60_000)).toEqual([
        [1, true],
        [2, true],
        [3, false],
        [4, false],
        [5, false],
      ]);
      // While the replay loads, none is claimed to have run.
      expect(board([], new Map(), -Infinity).every(([, closed]) => closed === false)).toBe(true);
    });

    it('of a sale under way, none beyond the last lot seen, whatever their close', () => {
      const rows = board([summary('cars-a', 'l1', 60_000, NOW)], new Map(), Infinity);
      expect(rows).toEqual([
        [2, false],
        [3, false],
        [4, false],
        [5, false],
      ]);
    });
  });

  it('shows bid-on lots the catalogue lacks after the numbered ones', () => {
    const rows = saleBoard({
      sale: undefined,
      auctionId: 'cars-a',
      lots: [summary('cars-a', 'b', 1, NOW), summary('cars-a', 'a', 1, NOW)],
      lotStates: new Map(),
      flags: [],
      seenSince: Infinity,
    });
    expect(rows.map((row) => [row.lotId, row.lotNumber, row.reserve])).toEqual([
      ['a', null, null],
      ['b', null, null],
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
    ]);
    const closed = (sold: boolean): LotState => ({ open: false, closesAt: null, sold });
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      lots: [
        summary('cars-a', 'x', 160_000, NOW, true),
        summary('cars-a', 'y', 20_000, NOW, true),
        summary('cars-a', 'z', 100_000, NOW, true),
        summary('cars-a', 'w', 900_000, NOW, true),
      ],
      lotStates: new Map<string, LotState>([
        [saleLotKey('cars-a', 'x'), closed(true)],
        [saleLotKey('cars-a', 'y'), closed(true)],
        [saleLotKey('cars-a', 'z'), { open: true, closesAt: null, sold: false }],
        // Passed with no winner although its reserve was met: not sold, not in the hammer total.
        [saleLotKey('cars-a', 'w'), closed(false)],
      ]),
      flags: [],
      seenSince: Infinity,
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
  });

  it('counts a lot sold whose winning bid was never seen here, with no amount in the total', () => {
    const cars = sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]);
    const rows = saleBoard({
      sale: cars,
      auctionId: 'cars-a',
      // Only a bid after its close was seen of lot y: no high bid, no leader.
      lots: [
        summary('cars-a', 'x', 160_000, NOW, true),
        { ...summary('cars-a', 'y', 0, NOW, true), highBid: null, leader: null },
      ],
      lotStates: new Map<string, LotState>([
        [saleLotKey('cars-a', 'x'), { open: false, closesAt: null, sold: true }],
        [saleLotKey('cars-a', 'y'), { open: false, closesAt: null, sold: true }],
      ]),
      flags: [],
      seenSince: Infinity,
    });
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
  const opened: LotState = { open: true, closesAt: null, sold: false };
  const closed: LotState = { open: false, closesAt: null, sold: true };

  it('counts a lot opened with no bid yet, and each lot once', () => {
    const states = new Map<string, LotState>([
      [saleLotKey('cars-a', 'x'), opened],
      [saleLotKey('cars-a', 'y'), opened],
      [saleLotKey('cars-b', 'x'), closed],
    ]);
    const lots = [
      summary('cars-a', 'x', 100_000, NOW),
      // Closed by its lot.closed, whatever its own summary says.
      summary('cars-b', 'x', 100_000, NOW),
      // Bid on, never opened nor closed by a message this browser saw.
      summary('cars-c', 'z', 100_000, NOW),
      summary('cars-c', 'w', 100_000, NOW, true),
    ];
    expect(openLotCount([], lots, states)).toBe(2);
    // Catalogued, cars-a's lot y is on its board: opened, it counts.
    const catalogue = [sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)])];
    expect(openLotCount(catalogue, lots, states)).toBe(3);
    expect(openLotCount([], [], new Map())).toBe(0);
  });

  it('leaves out a lot opened with no bid that the catalogue lacks: no board lists it', () => {
    const states = new Map<string, LotState>([[saleLotKey('cars-z', 'ghost'), opened]]);
    expect(openLotCount([sale('cars-a', [lot('cars-a', 'x', 1)])], [], states)).toBe(0);
  });

  it('adds up to the open lots of the sales boards', () => {
    const states = new Map<string, LotState>([[saleLotKey('cars-a', 'y'), opened]]);
    const lots = [summary('cars-a', 'x', 100_000, NOW), summary('cars-b', 'x', 100_000, NOW)];
    const catalogue = [
      sale('cars-a', [lot('cars-a', 'x', 1), lot('cars-a', 'y', 2)]),
      sale('cars-b', [lot('cars-b', 'x', 1)]),
    ];
    const openIn = (auctionId: string) =>
      saleFigures(
        saleBoard({
          sale: catalogue.find((one) => one.auctionId === auctionId),
          auctionId,
          lots,
          lotStates: states,
          flags: [],
          seenSince: Infinity,
        }),
        undefined,
        NOW,
      ).openLots;
    const a = openIn('cars-a');
    const b = openIn('cars-b');
    expect([a, b]).toEqual([2, 1]);
    expect(openLotCount(catalogue, lots, states)).toBe(a + b);
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
      lots: [summary('cars-a', 'x', 120_000, NOW)],
      lotStates: new Map(),
      flags: [],
      seenSince: Infinity,
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
