/** @jest-environment node */
import { ingestBodySchema } from '@/lib/server/agreements/agreement-input';
import type { PlatformAgreement } from './agreement-ingest.ts';
import {
  createBidGenerator,
  incrementFor,
  type BidPlaced,
  type LotClosed,
} from './bid-generator.ts';

/** mulberry32: a small seeded PRNG, so every run sees the same traffic. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const start = Date.UTC(2026, 2, 14, 18, 0, 0);

/** `count` events, each lot.closed with the agreements onSold gave while producing it. */
function generateWithSales(seed: number, count: number, openLots?: number) {
  let ids = 0;
  let ticks = 0;
  let sold: PlatformAgreement[] = [];
  const next = createBidGenerator({
    random: seededRandom(seed),
    uuid: () => `bid-${String((ids += 1)).padStart(5, '0')}`,
    now: () => new Date(start + (ticks += 1) * 500),
    openLots,
    onSold: (agreement) => sold.push(agreement),
  });
  return Array.from({ length: count }, () => {
    sold = [];
    const event = next();
    return { event, sold };
  });
}

const generate = (seed: number, count: number, openLots?: number) =>
  generateWithSales(seed, count, openLots).map(({ event }) => event);

const sales: Record<string, { currency: string; low: number; high: number; titles: string[] }> = {
  'paris-modern-art-2026': {
    currency: 'EUR',
    low: 200_000,
    high: 2_000_000,
    titles: [
      'Composition in blue',
      'Nu couché',
      'Le port de Honfleur',
      'Study for a portrait',
      'Untitled (red)',
    ],
  },
  'london-watches-2026': {
    currency: 'GBP',
    low: 500_000,
    high: 5_000_000,
    titles: [
      'Patek Philippe ref. 2499',
      'Rolex Daytona 6263',
      'Omega Speedmaster 1957',
      'Cartier Tank Cintrée',
    ],
  },
  'new-york-classic-cars-2026': {
    currency: 'USD',
    low: 5_000_000,
    high: 50_000_000,
    titles: [
      '1961 Jaguar E-Type',
      '1955 Mercedes 300 SL',
      '1967 Ford Mustang Shelby GT500',
      '1963 Aston Martin DB5',
    ],
  },
};

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('incrementFor', () => {
  it.each([
    [0, 5_000],
    [99_999, 5_000],
    [100_000, 20_000],
    [499_999, 20_000],
    [500_000, 100_000],
    [1_999_999, 100_000],
    [2_000_000, 500_000],
    [9_999_999, 500_000],
    [10_000_000, 1_000_000],
    [50_000_000, 1_000_000],
  ])('%i → %i', (amount, increment) => {
    expect(incrementFor(amount)).toBe(increment);
  });
});

describe.each([1, 42, 2026])('createBidGenerator with seed %i', (seed) => {
  const events = generate(seed, 2_000);
  const bids = events.filter((event): event is BidPlaced => event.type === 'bid.placed');
  const closings = events.filter((event): event is LotClosed => event.type === 'lot.closed');

  it('mostly bids, and closes lots', () => {
    expect(bids.length + closings.length).toBe(2_000);
    expect(bids.length).toBeGreaterThan(1_500);
    expect(closings.length).toBeGreaterThan(50);
  });

  it('emits valid v1 bid.placed messages', () => {
    for (const bid of bids) {
      expect(Object.keys(bid).sort()).toEqual([
        'amount',
        'auctionId',
        'bidId',
        'bidder',
        'currency',
        'lotId',
        'lotTitle',
        'placedAt',
        'type',
        'v',
      ]);
      expect(bid.v).toBe(1);
      const sale = sales[bid.auctionId];
      expect(sale).toBeDefined();
      expect(bid.currency).toBe(sale!.currency);
      expect(sale!.titles).toContain(bid.lotTitle);
      expect(bid.lotId).toMatch(/^lot-\d{4}$/);
      expect(bid.bidId).toMatch(/^bid-\d{5}$/);
      expect(bid.bidder).toMatch(/^(Paddle \d{3}|Phone \d+|Online \d{4})$/);
      expect(Number.isSafeInteger(bid.amount)).toBe(true);
      expect(bid.amount).toBeGreaterThan(0);
      expect(bid.placedAt).toMatch(isoInstant);
      expect(new Date(bid.placedAt).toISOString()).toBe(bid.placedAt);
    }
    expect(new Set(bids.map((bid) => bid.bidId)).size).toBe(bids.length);
  });

  it('opens each lot within its sale range, rounded to 100 major units, then raises by incrementFor', () => {
    const lastAmount = new Map<string, number>();
    for (const bid of bids) {
      const previous = lastAmount.get(bid.lotId);
      if (previous === undefined) {
        const sale = sales[bid.auctionId]!;
        expect(bid.amount % 10_000).toBe(0);
        expect(bid.amount).toBeGreaterThanOrEqual(sale.low);
        expect(bid.amount).toBeLessThanOrEqual(sale.high);
      } else {
        expect(bid.amount).toBe(previous + incrementFor(previous));
      }
      lastAmount.set(bid.lotId, bid.amount);
    }
  });

  it('never lets a bidder outbid themselves', () => {
    const leader = new Map<string, string>();
    for (const bid of bids) {
      expect(bid.bidder).not.toBe(leader.get(bid.lotId));
      leader.set(bid.lotId, bid.bidder);
    }
  });

  it('keeps a lot in one sale, with one title', () => {
    const firstBid = new Map<string, BidPlaced>();
    for (const bid of bids) {
      const first = firstBid.get(bid.lotId) ?? bid;
      firstBid.set(bid.lotId, first);
      expect([bid.auctionId, bid.lotTitle]).toEqual([first.auctionId, first.lotTitle]);
    }
  });

  it('closes lots with the last bid of that lot as the winner (none when unsold), and no bid after', () => {
    const lastBid = new Map<string, BidPlaced>();
    const closed = new Set<string>();
    for (const event of events) {
      if (event.type === 'bid.placed') {
        expect(closed.has(event.lotId)).toBe(false);
        lastBid.set(event.lotId, event);
        continue;
      }
      expect(Object.keys(event).sort()).toEqual([
        'auctionId',
        'closedAt',
        'lotId',
        'type',
        'v',
        'winningBidId',
      ]);
      expect(event.v).toBe(1);
      expect(closed.has(event.lotId)).toBe(false);
      closed.add(event.lotId);
      expect(event.closedAt).toMatch(isoInstant);
      const winner = lastBid.get(event.lotId);
      if (!winner) {
        expect(event.winningBidId).toBeNull();
        expect(sales[event.auctionId]).toBeDefined();
        continue;
      }
      expect(event.winningBidId).toBe(winner.bidId);
      expect(event.auctionId).toBe(winner.auctionId);
      expect(Date.parse(event.closedAt)).toBeGreaterThan(Date.parse(winner.placedAt));
    }
  });

  it('gives a lot between 5 and 24 bids before it closes, or none when it passes unsold', () => {
    const bidCount = new Map<string, number>();
    const closedCounts: number[] = [];
    for (const event of events) {
      if (event.type === 'bid.placed') {
        bidCount.set(event.lotId, (bidCount.get(event.lotId) ?? 0) + 1);
      } else {
        closedCounts.push(bidCount.get(event.lotId) ?? 0);
      }
    }
    for (const count of closedCounts) {
      if (count === 0) continue;
      expect(count).toBeGreaterThanOrEqual(5);
      expect(count).toBeLessThanOrEqual(24);
    }
    const unsold = closedCounts.filter((count) => count === 0).length;
    expect(unsold).toBeGreaterThan(0);
    expect(unsold).toBeLessThan(closedCounts.length / 4);
  });

  it('gives exactly one agreement per sold lot, with its winning bidder and amount, and none for unsold lots', () => {
    const steps = generateWithSales(seed, 2_000);
    const lastBid = new Map<string, BidPlaced>();
    let sold = 0;
    for (const { event, sold: agreements } of steps) {
      if (event.type === 'bid.placed') {
        expect(agreements).toEqual([]);
        lastBid.set(event.lotId, event);
        continue;
      }
      const winner = lastBid.get(event.lotId);
      if (event.winningBidId === null) {
        expect(winner).toBeUndefined();
        expect(agreements).toEqual([]);
        continue;
      }
      sold += 1;
      expect(winner?.bidId).toBe(event.winningBidId);
      expect(agreements).toEqual([
        {
          platformId: `${event.auctionId}:${event.lotId}:${event.winningBidId}`,
          auctionId: event.auctionId,
          lotId: event.lotId,
          lotTitle: winner!.lotTitle,
          buyer: winner!.bidder,
          amount: winner!.amount,
          currency: winner!.currency,
          closedAt: event.closedAt,
        },
      ]);
    }
    expect(sold).toBeGreaterThan(50);
  });

  it('is deterministic for a seed', () => {
    expect(generate(seed, 200)).toEqual(events.slice(0, 200));
  });
});

describe('createBidGenerator lots', () => {
  it('keeps openLots lots open at once and numbers new lots in turn across the sales', () => {
    const events = generate(7, 3_000, 3);
    const open = new Set<string>();
    const order: string[] = [];
    for (const event of events) {
      if (event.type === 'bid.placed') {
        if (!order.includes(event.lotId)) order.push(event.lotId);
        open.add(event.lotId);
      } else {
        open.delete(event.lotId);
      }
      expect(open.size).toBeLessThanOrEqual(3);
    }
    // Lot n belongs to sale (n − 1) mod 3, in the order paris, london, new york.
    const auctionOf = new Map(
      events
        .filter((event) => event.type === 'bid.placed')
        .map((bid) => [bid.lotId, bid.auctionId]),
    );
    for (const [lotId, auctionId] of auctionOf) {
      const number = Number(lotId.slice(4));
      expect(auctionId).toBe(Object.keys(sales)[(number - 1) % 3]);
    }
    expect(auctionOf.size).toBeGreaterThan(100);
  });

  it('stamps placedAt and closedAt with the injected clock', () => {
    const [first, second] = generate(3, 2);
    expect(first).toMatchObject({ type: 'bid.placed', placedAt: '2026-03-14T18:00:00.500Z' });
    expect(second).toMatchObject({ placedAt: '2026-03-14T18:00:01.000Z' });
  });

  it('gives sold lots platformIds unique over many events and across a relay restart, valid for the console', () => {
    // A restart numbers lots from lot-0001 again; only the winning bid's uuid tells the sales apart.
    const run = (restart: string) => {
      let ids = 0;
      const sold: PlatformAgreement[] = [];
      const next = createBidGenerator({
        random: seededRandom(99),
        uuid: () => `${restart}-${(ids += 1)}`,
        now: () => new Date(start),
        onSold: (agreement) => sold.push(agreement),
      });
      for (let i = 0; i < 20_000; i += 1) next();
      return sold;
    };
    const sold = [...run('first'), ...run('second')];
    expect(sold.length).toBeGreaterThan(1_000);
    expect(new Set(sold.map((agreement) => agreement.lotId)).size).toBeLessThan(sold.length);
    expect(new Set(sold.map((agreement) => agreement.platformId)).size).toBe(sold.length);
    for (let i = 0; i < sold.length; i += 100) {
      expect(ingestBodySchema.safeParse({ items: sold.slice(i, i + 100) }).error).toBeUndefined();
    }
  });
});
