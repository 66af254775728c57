// sale-view.ts: the figures of a sale (open lots, recent bids, sold lots, hammer totals by
// currency) and the open lots of every sale together.
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import { applyClosed } from '@/lib/sale-desk/lot-record';
import { hammerCurrencies, openLotCount, saleBoard, saleFigures } from './sale-view';
import {
  NOW,
  bidOn,
  closeOf,
  lot,
  opened,
  passed,
  recordsOf,
  sale,
  sold,
  uuid,
} from './sale-view-fixture';

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
