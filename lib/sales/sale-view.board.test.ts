// sale-view.ts: the board of one sale, a row per lot in the running order, as the record and the
// live messages leave each lot.
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import { applyBid, type LotRecord } from '@/lib/sale-desk/lot-record';
import { applyLiveMessage, lotRecordOf } from './live-lots';
import { recordedLot } from './recorded-lot';
import { saleBoard, saleFigures } from './sale-view';
import {
  NOW,
  bidOn,
  flagOn,
  iso,
  lot,
  opened,
  passed,
  placed,
  recordsOf,
  sale,
  sold,
} from './sale-view-fixture';

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
