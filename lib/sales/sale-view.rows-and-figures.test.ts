// sale-view.ts, found by mutation testing: the figures a board row shows for a lot with bids
// (bids, leader, close, status, hammer, buyer), the phase of a closed lot, rows of lots the
// catalogue lacks, in lot id order, with what the record knows of them, and sameFigures on every
// count.
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { applyBid, applyClosed, applyOpened, type LotRecord } from '@/lib/sale-desk/lot-record';
import type { Lot, Sale } from './lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { hammerCurrencies, sameFigures, saleBoard, saleFigures } from './sale-view';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const lot = (lotId: string, lotNumber: number): Lot => ({
  auctionId: 'cars-a',
  lotId,
  lotNumber,
  lotTitle: `Lot ${lotId}`,
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  reserve: 150_000,
  startingBid: 50_000,
  scheduledCloseAt: null,
});
const cars: Sale = {
  auctionId: 'cars-a',
  saleTitle: 'Cars',
  lots: [lot('x', 1), lot('y', 2), lot('z', 3)],
};

const bid = (lotId: string, n: number, bidder: string, amount: number): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid(n),
  auctionId: 'cars-a',
  lotId,
  lotTitle: `Live title of ${lotId}`,
  bidder,
  amount,
  currency: 'GBP',
  placedAt: new Date(NOW + n * 1_000).toISOString(),
});
/** Four bids up to 160,000 (Paddle 7 leading, Paddle 3 under), the last at NOW + 4 s. */
const withBids = (lotId: string, record?: LotRecord): LotRecord =>
  (
    [
      ['Paddle 3', 130_000],
      ['Paddle 7', 140_000],
      ['Paddle 3', 150_000],
      ['Paddle 7', 160_000],
    ] as const
  ).reduce<LotRecord | undefined>(
    (state, [bidder, amount], index) =>
      applyBid(state, bid(lotId, index + 1, bidder, amount), timetokenFromMs(NOW + index * 1_000)),
    record,
  )!;
const opened = (lotId: string, closesAt: string | null, record?: LotRecord) =>
  applyOpened(
    record,
    {
      type: 'lot.opened',
      v: 1,
      auctionId: 'cars-a',
      lotId,
      openedAt: new Date(NOW - 60_000).toISOString(),
      closesAt,
    },
    timetokenFromMs(NOW - 60_000),
  );
const CLOSED_AT = timetokenFromMs(NOW + 10_000);
/** Closed at CLOSED_AT: sold on its high bid, or passed (`sold` false). */
const close = (record: LotRecord, sold: boolean) =>
  applyClosed(
    record,
    {
      type: 'lot.closed',
      v: 1,
      auctionId: record.auctionId,
      lotId: record.lotId,
      winningBidId: sold ? record.highBidId : null,
      closedAt: new Date(NOW + 10_000).toISOString(),
    },
    CLOSED_AT,
    sold ? { amount: record.highBid!, bidder: record.leader! } : null,
  );
const flagOn = (lotId: string, n: number): Flag => ({
  id: `jump:cars-a/${lotId}:${n}`,
  rule: 'jump',
  auctionId: 'cars-a',
  lotId,
  paddles: ['Paddle 7'],
  bidIds: [],
  raisedAt: '2026-11-21T10:00:00.000Z',
});
const board = (sale: Sale | undefined, records: LotRecord[], flags: Flag[] = []) =>
  saleBoard({
    sale,
    auctionId: 'cars-a',
    records: new Map(records.map((record) => [saleLotKey('cars-a', record.lotId), record])),
    flags,
  });

describe('saleBoard: a catalogued lot with bids', () => {
  it('shows its bid count, leader and close timetoken; not sold without a winning close', () => {
    const rows = board(cars, [withBids('x'), close(withBids('y'), false)]);
    expect(rows[0]).toMatchObject({
      bidCount: 4,
      leader: 'Paddle 7',
      highBid: 160_000,
      closedTimetoken: null,
      sold: false,
      status: 'open',
    });
    expect(rows[1]).toMatchObject({
      bidCount: 4,
      leader: 'Paddle 7',
      closedTimetoken: CLOSED_AT,
      sold: false,
      status: 'passed',
      hammer: null,
      buyer: null,
    });
    expect(saleFigures(rows, undefined, NOW)).toMatchObject({ soldLots: 0, hammer: new Map() });
  });

  it.each([
    { name: 'sold', sold: true, hammer: 160_000, buyer: 'Paddle 7' },
    { name: 'passed', sold: false, hammer: null, buyer: null },
  ])('reads phase "closed" when $name', ({ name, sold, hammer, buyer }) => {
    const [row] = board(cars, [close(withBids('x'), sold)]);
    expect(row).toMatchObject({ phase: 'closed', open: false, status: name, sold, hammer, buyer });
  });

  it('reads its phase from the record: open once bid on or opened, upcoming otherwise', () => {
    const rows = board(cars, [withBids('x'), opened('y', null)]);
    expect(rows.map((row) => [row.lotId, row.phase, row.status, row.open])).toEqual([
      ['x', 'open', 'open', true],
      ['y', 'open', 'open', true],
      ['z', 'upcoming', 'upcoming', false],
    ]);
  });

  it('takes its title and currency from the catalogue, not from the bids', () => {
    const [row] = board(cars, [withBids('x')]);
    expect(row).toMatchObject({ lotTitle: 'Lot x', currency: 'EUR', lowEstimate: 100_000 });
  });
});

describe('saleBoard: lots the catalogue lacks', () => {
  it('lists them in lot id order, whatever order they came in', () => {
    const rows = board(undefined, [withBids('c'), withBids('a'), withBids('b')]);
    expect(rows.map((row) => row.lotId)).toEqual(['a', 'b', 'c']);
  });

  it('shows what the record has: open, close time, flags, sold with hammer and buyer', () => {
    const rows = board(
      undefined,
      [withBids('q', opened('q', '2026-11-21T10:05:00.000Z')), close(withBids('r'), true)],
      [flagOn('q', 1), flagOn('q', 2)],
    );
    expect(rows[0]).toMatchObject({
      lotId: 'q',
      lotNumber: null,
      lotTitle: 'Live title of q',
      currency: 'GBP',
      lowEstimate: null,
      highEstimate: null,
      reserve: null,
      open: true,
      phase: 'open',
      status: 'open',
      closesAt: '2026-11-21T10:05:00.000Z',
      flags: 2,
      sold: false,
      hammer: null,
    });
    expect(rows[1]).toMatchObject({
      lotId: 'r',
      open: false,
      phase: 'closed',
      status: 'sold',
      closesAt: null,
      flags: 0,
      sold: true,
      hammer: 160_000,
      buyer: 'Paddle 7',
      closedTimetoken: CLOSED_AT,
    });
    expect([...saleFigures(rows, undefined, NOW).hammer]).toEqual([['GBP', 160_000]]);
  });

  it('a bid-on lot never opened is open and not sold', () => {
    const [row] = board(undefined, [withBids('q')]);
    expect(row).toMatchObject({ open: true, phase: 'open', sold: false, closesAt: null });
  });

  it('a lot only opened, with no bid to name it, shows its lot id and no currency', () => {
    const [row] = board(undefined, [opened('q', null)]);
    expect(row).toMatchObject({ lotId: 'q', lotTitle: 'q', currency: '', bidCount: 0 });
    expect(row).toMatchObject({ highBid: null, leader: null, lastBidAt: null, status: 'open' });
  });
});

describe('hammerCurrencies without a catalogue', () => {
  it('names only the currencies of the hammer totals', () => {
    expect(
      hammerCurrencies(undefined, { hammer: new Map([['GBP', 1]]), unpriced: new Map() }),
    ).toStrictEqual(['GBP']);
  });
});

describe('sameFigures: each count', () => {
  const base = {
    openLots: 2,
    bidsLastMinute: 3,
    soldLots: 1,
    hammer: new Map([['EUR', 100]]),
    unpriced: new Map<string, number>(),
  };
  it.each([
    { name: 'open lots', other: { ...base, openLots: 3 } },
    { name: 'sold lots', other: { ...base, soldLots: 2 } },
    { name: 'sold lots of unknown price', other: { ...base, unpriced: new Map([['EUR', 1]]) } },
    {
      name: 'a currency more in the hammer total',
      other: {
        ...base,
        hammer: new Map([
          ['EUR', 100],
          ['USD', 0],
        ]),
      },
    },
  ])('differ when $name differ', ({ other }) => {
    expect(sameFigures(base, other)).toBe(false);
    expect(sameFigures(other, base)).toBe(false);
  });
});
