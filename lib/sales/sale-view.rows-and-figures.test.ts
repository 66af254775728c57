// sale-view.ts, found by mutation testing: the figures a board row shows for a lot with bids
// (bids, leader, close, sold), the phase of a closed lot, lots the sale has reached never "closed
// when due", rows of lots the catalogue lacks, in lot id order, and sameFigures on every count.
import type { LotSummary } from '@/lib/realtime/bid-store';
import type { LotState } from '@/lib/realtime/sale-desk-store';
import { timetokenFromMs } from '@/lib/realtime/timetoken';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import type { Lot, Sale } from './lot';
import { saleLotKey } from './sale-lot-key';
import { hammerCurrencies, sameFigures, saleBoard, saleFigures } from './sale-view';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');

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

const summary = (lotId: string, extra: Partial<LotSummary> = {}): LotSummary => ({
  key: `cars-a/${lotId}`,
  auctionId: 'cars-a',
  lotId,
  lotTitle: `Lot ${lotId}`,
  currency: 'EUR',
  highBid: 160_000,
  bidCount: 4,
  leader: 'Paddle 7',
  lastTimetoken: timetokenFromMs(NOW),
  lastBidTimetoken: timetokenFromMs(NOW),
  closedTimetoken: null,
  ...extra,
});
const flagOn = (lotId: string, n: number): Flag => ({
  id: `jump:cars-a/${lotId}:${n}`,
  rule: 'jump',
  auctionId: 'cars-a',
  lotId,
  paddles: ['Paddle 7'],
  bidIds: [],
  raisedAt: '2026-11-21T10:00:00.000Z',
});
const board = (
  sale: Sale | undefined,
  lots: LotSummary[],
  states: [string, LotState][] = [],
  flags: Flag[] = [],
) =>
  saleBoard({
    sale,
    auctionId: 'cars-a',
    lots,
    lotStates: new Map(states.map(([lotId, state]) => [saleLotKey('cars-a', lotId), state])),
    flags,
    seenSince: Infinity,
  });

describe('saleBoard: a catalogued lot with bids', () => {
  it('shows its bid count, leader and close timetoken; not sold without a winning close', () => {
    const closed = timetokenFromMs(NOW + 1_000);
    const rows = board(cars, [summary('x'), summary('y', { closedTimetoken: closed })]);
    expect(rows[0]).toMatchObject({
      bidCount: 4,
      leader: 'Paddle 7',
      closedTimetoken: null,
      sold: false,
    });
    expect(rows[1]).toMatchObject({
      bidCount: 4,
      leader: 'Paddle 7',
      closedTimetoken: closed,
      sold: false,
    });
    expect(saleFigures(rows, undefined, NOW)).toMatchObject({ soldLots: 0, hammer: new Map() });
  });

  it.each([
    {
      name: 'closed by its lot.closed',
      states: [['x', { open: false, closesAt: null, sold: false }]] as [string, LotState][],
      closed: false,
    },
    { name: 'closed as the lot board has it', states: [] as [string, LotState][], closed: true },
  ])('reads phase "closed" when $name', ({ states, closed }) => {
    const closedTimetoken = closed ? timetokenFromMs(NOW + 1_000) : null;
    const [row] = board(cars, [summary('x', { closedTimetoken })], states);
    expect(row).toMatchObject({ phase: 'closed', open: false });
  });

  it('never marks a lot the sale has reached (open, bid on or closed) as closed when due', () => {
    const rows = board(cars, [summary('x'), summary('y')]);
    expect(rows.map((row) => [row.lotId, row.phase, row.closedWhenDue])).toEqual([
      ['x', 'open', false],
      ['y', 'open', false],
      ['z', 'upcoming', false],
    ]);
  });
});

describe('saleBoard: lots the catalogue lacks', () => {
  it('lists them in lot id order, whatever order they came in', () => {
    const rows = board(undefined, [summary('c'), summary('a'), summary('b')]);
    expect(rows.map((row) => row.lotId)).toEqual(['a', 'b', 'c']);
  });

  it('shows their live figures: open, close time, flags, not sold, not closed when due', () => {
    const rows = board(
      undefined,
      [summary('q'), summary('r')],
      [
        ['q', { open: true, closesAt: '2026-11-21T10:05:00.000Z', sold: false }],
        ['r', { open: false, closesAt: null, sold: true }],
      ],
      [flagOn('q', 1), flagOn('q', 2)],
    );
    expect(rows[0]).toMatchObject({
      lotId: 'q',
      open: true,
      phase: 'open',
      closesAt: '2026-11-21T10:05:00.000Z',
      flags: 2,
      sold: false,
      closedWhenDue: false,
    });
    expect(rows[1]).toMatchObject({
      lotId: 'r',
      open: false,
      phase: 'closed',
      closesAt: null,
      flags: 0,
      sold: true,
    });
  });

  it('a bid-on lot without a lot state is open and not sold', () => {
    const [row] = board(undefined, [summary('q')]);
    expect(row).toMatchObject({ open: true, phase: 'open', sold: false, closesAt: null });
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
