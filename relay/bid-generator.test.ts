/** @jest-environment node */
// The simulator's sale, tick by tick, with a seeded PRNG and a clock that advances one tick per
// call, checked against the console's own schemas and the sale desk's flags engine.
import { classifyMessage } from '@/lib/realtime/bid-messages';
import { incrementsBetween } from '@/lib/sale-desk/bid-increments';
import { flagRules } from '@/lib/sale-desk/flags/flag-rules';
import { createFlagsEngine } from '@/lib/sale-desk/flags/flags-engine';
import { ingestBodySchema } from '@/lib/server/agreements/agreement-input';
import { lotIngestBodySchema } from '@/lib/server/sales/lot-input';
import type { PlatformAgreement } from './agreement-ingest.ts';
import type { AnomalyReport } from './anomalies.ts';
import {
  createBidGenerator,
  type BidPlaced,
  type LotClosed,
  type LotOpened,
  type SimulatorEvent,
} from './bid-generator.ts';
import { stepsAbove } from './lot-bidding.ts';
import type { PlatformLot } from './lot-ingest.ts';
import { sales } from './sale-catalogue.ts';

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
const keyOf = (lot: { auctionId: string; lotId: string }) =>
  JSON.stringify([lot.auctionId, lot.lotId]);

interface RunOptions {
  seed?: number;
  ticks: number;
  anomalies?: boolean;
  ratePerSecond?: number;
  /** When the console accepts a catalogue batch after it was sent; null: never. */
  acceptAfterMs?: number | null;
  firstLotNumbers?: Record<string, number>;
  /** Tells uuids of two runs apart. */
  idPrefix?: number;
}

/** `ticks` calls of next(), the clock one tick further each time, the console answering between. */
function simulate({
  seed = 1,
  ticks,
  anomalies = false,
  ratePerSecond = 2,
  acceptAfterMs = 0,
  firstLotNumbers,
  idPrefix = 0,
}: RunOptions) {
  const tickMs = 1000 / ratePerSecond;
  let clock = start;
  let ids = 0;
  const catalogue: { at: number; lots: PlatformLot[] }[] = [];
  const toAccept: { at: number; lots: PlatformLot[] }[] = [];
  const acceptedAt = new Map<string, number>();
  const sold: { at: number; agreement: PlatformAgreement }[] = [];
  const reports: { at: number; report: AnomalyReport }[] = [];
  const unconfirmed: { at: number; lot: PlatformLot }[] = [];
  const generator = createBidGenerator({
    random: seededRandom(seed),
    uuid: () =>
      `00000000-0000-4000-${(0x8000 + idPrefix).toString(16)}-${(ids += 1).toString(16).padStart(12, '0')}`,
    now: () => new Date(clock),
    ratePerSecond,
    anomalies,
    firstLotNumbers,
    onCatalogue: (lots) => {
      catalogue.push({ at: clock, lots });
      if (acceptAfterMs !== null) toAccept.push({ at: clock + acceptAfterMs, lots });
    },
    onSold: (agreement) => sold.push({ at: clock, agreement }),
    onAnomaly: (report) => reports.push({ at: clock, report }),
    onUnconfirmedOpen: (lot) => unconfirmed.push({ at: clock, lot }),
  });
  const timeline: { at: number; event: SimulatorEvent }[] = [];
  for (let tick = 0; tick < ticks; tick += 1) {
    for (const due of toAccept.filter((batch) => batch.at <= clock)) {
      toAccept.splice(toAccept.indexOf(due), 1);
      generator.accept(due.lots);
      due.lots.forEach((lot) => acceptedAt.set(keyOf(lot), clock));
    }
    for (const event of generator.next()) timeline.push({ at: clock, event });
    clock += tickMs;
  }
  const events = timeline.map(({ event }) => event);
  const lots = new Map(catalogue.flatMap(({ lots }) => lots.map((lot) => [keyOf(lot), lot])));
  return {
    tickMs,
    timeline,
    events,
    bids: events.filter((event): event is BidPlaced => event.type === 'bid.placed'),
    opened: events.filter((event): event is LotOpened => event.type === 'lot.opened'),
    closed: events.filter((event): event is LotClosed => event.type === 'lot.closed'),
    catalogue,
    lots,
    acceptedAt,
    sold,
    reports,
    unconfirmed,
    resume: generator.resumeLotNumbers(),
  };
}

type Run = ReturnType<typeof simulate>;

/** The run through the sale desk's flags engine, its catalogue the simulator's. */
function flagsOf(run: Run) {
  const engine = createFlagsEngine({
    catalogue: (auctionId, lotId) => run.lots.get(keyOf({ auctionId, lotId })),
  });
  for (const event of run.events) {
    if (event.type === 'bid.placed') engine.onBid(event);
    else if (event.type === 'lot.closed') engine.onLotClosed(event);
    else engine.onLotOpened(event);
  }
  return engine;
}

const ordinary = simulate({ ticks: 5_000 });

describe('the catalogue', () => {
  it('goes out in batches the console takes, each lot before it opens and accepted by then', () => {
    for (const { lots } of ordinary.catalogue) {
      expect(lots.length).toBeGreaterThanOrEqual(1);
      expect(lots.length).toBeLessThanOrEqual(200);
      expect(lotIngestBodySchema.safeParse({ items: lots }).error).toBeUndefined();
    }
    const cataloguedAt = new Map(
      ordinary.catalogue.flatMap(({ at, lots }) => lots.map((lot) => [keyOf(lot), at])),
    );
    for (const { at, event } of ordinary.timeline) {
      if (event.type !== 'lot.opened') continue;
      expect(cataloguedAt.get(keyOf(event))).toBeLessThan(at);
      expect(ordinary.acceptedAt.get(keyOf(event))).toBeLessThanOrEqual(at);
    }
    expect(ordinary.opened.length).toBeGreaterThan(200);
    expect(ordinary.unconfirmed).toEqual([]);
  });

  it('has four sales with their titles and currencies, two of them car sales', () => {
    const saleOf = new Map([...ordinary.lots.values()].map((lot) => [lot.auctionId, lot]));
    expect(
      [...saleOf.values()].map(({ auctionId, saleTitle, currency }) => [
        auctionId,
        saleTitle,
        currency,
      ]),
    ).toEqual([
      ['paris-modern-art-2026', 'Modern & Contemporary Art, Paris', 'EUR'],
      ['london-watches-2026', 'Important Watches, London', 'GBP'],
      ['new-york-classic-cars-2026', 'Classic Cars, New York', 'USD'],
      ['monaco-classic-cars-2026', 'Classic Cars, Monaco', 'EUR'],
    ]);
    for (const lot of ordinary.lots.values())
      expect(lot.saleTitle).toBe(saleOf.get(lot.auctionId)!.saleTitle);
  });

  it('numbers each sale’s lots 1, 2, 3… with ids that follow, and opens them in that order', () => {
    for (const sale of sales) {
      const numbers = [...ordinary.lots.values()]
        .filter((lot) => lot.auctionId === sale.auctionId)
        .map((lot) => lot.lotNumber);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      const opened = ordinary.opened.filter((event) => event.auctionId === sale.auctionId);
      expect(opened.map((event) => event.lotId)).toEqual(
        opened.map((_, index) => `lot-${String(index + 1).padStart(4, '0')}`),
      );
    }
  });

  it('offers the same title in both car sales, as lots of their own that never mix', () => {
    const mustangs = [...ordinary.lots.values()].filter(
      (lot) => lot.lotTitle === '1967 Ford Mustang Shelby GT500',
    );
    expect(new Set(mustangs.map((lot) => lot.auctionId))).toEqual(
      new Set(['new-york-classic-cars-2026', 'monaco-classic-cars-2026']),
    );
    const bidOn = new Set(ordinary.bids.map((bid) => bid.auctionId + bid.lotTitle));
    expect(bidOn.has('new-york-classic-cars-20261967 Ford Mustang Shelby GT500')).toBe(true);
    expect(bidOn.has('monaco-classic-cars-20261967 Ford Mustang Shelby GT500')).toBe(true);
    for (const bid of ordinary.bids) {
      const lot = ordinary.lots.get(keyOf(bid))!;
      expect([bid.lotTitle, bid.currency]).toEqual([lot.lotTitle, lot.currency]);
    }
  });

  it('gives estimates, a starting bid under the low estimate, a reserve or none, a close or none', () => {
    const lots = [...ordinary.lots.values()];
    for (const lot of lots) {
      for (const amount of [lot.lowEstimate, lot.highEstimate, lot.startingBid, lot.reserve ?? 1])
        expect(Number.isSafeInteger(amount) && amount > 0).toBe(true);
      expect(lot.lowEstimate).toBeLessThanOrEqual(lot.highEstimate);
      expect(lot.startingBid).toBeLessThan(lot.lowEstimate);
      if (lot.reserve !== null) expect(lot.reserve).toBeLessThanOrEqual(lot.lowEstimate);
    }
    const share = (count: number) => count / lots.length;
    expect(share(lots.filter((lot) => lot.reserve === null).length)).toBeGreaterThan(0.1);
    expect(share(lots.filter((lot) => lot.scheduledCloseAt === null).length)).toBeGreaterThan(0.1);
    expect(share(lots.filter((lot) => lot.scheduledCloseAt !== null).length)).toBeGreaterThan(0.6);
  });
});

describe('waiting for the console', () => {
  it('opens no lot before the console accepted its catalogue entry', () => {
    const run = simulate({ ticks: 400, acceptAfterMs: 5_000 });
    const firstOpen = run.timeline.find(({ event }) => event.type === 'lot.opened')!;
    expect(firstOpen.at).toBe(start + 5_000);
    expect(run.bids.length).toBeGreaterThan(100);
    expect(run.unconfirmed).toEqual([]);
  });

  it('opens lots anyway 30 s after sending their catalogue when the console never answers, saying so', () => {
    const run = simulate({ ticks: 400, acceptAfterMs: null });
    const firstOpen = run.timeline.find(({ event }) => event.type === 'lot.opened')!;
    expect(firstOpen.at).toBe(start + 30_000);
    expect(run.unconfirmed.map(({ lot }) => keyOf(lot))).toEqual(run.opened.map(keyOf));
    expect(run.bids.length).toBeGreaterThan(100);
  });
});

describe('the messages', () => {
  it('are valid v1 messages of the three kinds, stamped with the injected clock', () => {
    const kinds = { 'bid.placed': 'bid', 'lot.closed': 'lot-closed', 'lot.opened': 'lot-opened' };
    for (const { at, event } of ordinary.timeline) {
      expect(classifyMessage(event).kind).toBe(kinds[event.type]);
      const stamp =
        event.type === 'bid.placed'
          ? event.placedAt
          : event.type === 'lot.closed'
            ? event.closedAt
            : event.openedAt;
      expect(stamp).toBe(new Date(at).toISOString());
    }
    expect(new Set(ordinary.bids.map((bid) => bid.bidId)).size).toBe(ordinary.bids.length);
  });

  it('open each lot once with its scheduled close, bid on it only while open, and close it on time', () => {
    const state = new Map<string, 'open' | 'closed'>();
    const openBySale = new Map<string, number>();
    for (const { at, event } of ordinary.timeline) {
      const key = keyOf(event);
      const lot = ordinary.lots.get(key)!;
      if (event.type === 'lot.opened') {
        expect(state.has(key)).toBe(false);
        expect(event.closesAt).toBe(lot.scheduledCloseAt);
        state.set(key, 'open');
        openBySale.set(event.auctionId, (openBySale.get(event.auctionId) ?? 0) + 1);
        const { openAtOnce } = sales.find((sale) => sale.auctionId === event.auctionId)!;
        expect(openBySale.get(event.auctionId)).toBeLessThanOrEqual(openAtOnce);
      } else if (event.type === 'lot.closed') {
        expect(state.get(key)).toBe('open');
        state.set(key, 'closed');
        openBySale.set(event.auctionId, openBySale.get(event.auctionId)! - 1);
        if (lot.scheduledCloseAt !== null) {
          const late = at - Date.parse(lot.scheduledCloseAt);
          expect(late).toBeGreaterThanOrEqual(0);
          expect(late).toBeLessThan(ordinary.tickMs);
        }
      } else {
        expect(state.get(key)).toBe('open');
      }
    }
    expect(ordinary.closed.length).toBeGreaterThan(200);
  });

  it('bid in at least three ticks out of four at a steady rate', () => {
    const ticksWithBids = new Set(
      ordinary.timeline.filter(({ event }) => event.type === 'bid.placed').map(({ at }) => at),
    );
    expect(ticksWithBids.size / 5_000).toBeGreaterThan(0.75);
  });
});

describe('the bidding', () => {
  const byLot = Map.groupBy(ordinary.bids, keyOf);

  it('opens at the starting bid and rises by the increment table: mostly one, sometimes two or three', () => {
    const steps = [0, 0, 0, 0];
    for (const [key, bids] of byLot) {
      expect(bids[0]!.amount).toBe(ordinary.lots.get(key)!.startingBid);
      bids.slice(1).forEach((bid, index) => {
        const previous = bids[index]!.amount;
        const count = incrementsBetween(previous, bid.amount, bid.currency);
        expect(count).toBeGreaterThanOrEqual(1);
        expect(count).toBeLessThanOrEqual(3);
        expect(bid.amount).toBe(stepsAbove(previous, count, bid.currency));
        steps[count]! += 1;
      });
    }
    const total = steps[1]! + steps[2]! + steps[3]!;
    expect(steps[1]! / total).toBeGreaterThan(0.65);
    expect(steps[2]! / total).toBeGreaterThan(0.1);
    expect(steps[3]! / total).toBeGreaterThan(0.01);
  });

  it('has several paddles on a lot, none outbidding itself', () => {
    const paddleCounts = [...byLot.values()]
      .filter((bids) => bids.length >= 6)
      .map((bids) => new Set(bids.map((bid) => bid.bidder)).size)
      .sort((a, b) => a - b);
    expect(paddleCounts[0]).toBeGreaterThanOrEqual(2);
    expect(paddleCounts[Math.floor(paddleCounts.length / 2)]).toBeGreaterThanOrEqual(3);
    for (const bids of byLot.values())
      bids.slice(1).forEach((bid, index) => expect(bid.bidder).not.toBe(bids[index]!.bidder));
    for (const bid of ordinary.bids)
      expect(bid.bidder).toMatch(/^(Paddle \d{3}|Phone \d|Online \d{4})$/);
  });

  it('sells to the last bidder when the reserve is met, else closes unsold; one agreement per sale', () => {
    const lastBid = new Map<string, BidPlaced>();
    const outcomes = { sold: 0, belowReserve: 0, noBid: 0 };
    const agreementAt = new Map(
      ordinary.sold.map(({ at, agreement }) => [keyOf(agreement), { at, agreement }]),
    );
    for (const { at, event } of ordinary.timeline) {
      if (event.type === 'bid.placed') lastBid.set(keyOf(event), event);
      if (event.type !== 'lot.closed') continue;
      const winner = lastBid.get(keyOf(event));
      const lot = ordinary.lots.get(keyOf(event))!;
      if (winner === undefined || winner.amount < (lot.reserve ?? 0)) {
        expect(event.winningBidId).toBeNull();
        expect(agreementAt.has(keyOf(event))).toBe(false);
        outcomes[winner === undefined ? 'noBid' : 'belowReserve'] += 1;
        continue;
      }
      outcomes.sold += 1;
      expect(event.winningBidId).toBe(winner.bidId);
      expect(agreementAt.get(keyOf(event))).toEqual({
        at,
        agreement: {
          platformId: `${event.auctionId}:${event.lotId}:${winner.bidId}`,
          auctionId: event.auctionId,
          lotId: event.lotId,
          lotTitle: winner.lotTitle,
          buyer: winner.bidder,
          amount: winner.amount,
          currency: winner.currency,
          closedAt: event.closedAt,
        },
      });
    }
    expect(outcomes.sold / ordinary.closed.length).toBeGreaterThan(0.6);
    expect(outcomes.belowReserve).toBeGreaterThan(5);
    expect(outcomes.noBid).toBeGreaterThan(2);
    expect(ordinary.sold).toHaveLength(outcomes.sold);
    const agreements = ordinary.sold.map(({ agreement }) => agreement);
    for (let index = 0; index < agreements.length; index += 100)
      expect(
        ingestBodySchema.safeParse({ items: agreements.slice(index, index + 100) }).error,
      ).toBeUndefined();
  });
});

describe('flags', () => {
  it.each([
    { seed: 1, ratePerSecond: 2 },
    { seed: 42, ratePerSecond: 2 },
    { seed: 2026, ratePerSecond: 2 },
    { seed: 7, ratePerSecond: 10 },
    { seed: 8, ratePerSecond: 0.5 },
  ])(
    'ordinary bidding raises none (seed $seed, $ratePerSecond per second)',
    ({ seed, ratePerSecond }) => {
      const run = seed === 1 ? ordinary : simulate({ seed, ratePerSecond, ticks: 5_000 });
      const engine = flagsOf(run);
      expect(engine.flags()).toEqual([]);
      expect(Object.values(engine.counts())).toEqual([0, 0, 0, 0, 0, 0, 0]);
    },
  );

  describe.each([1, 42, 2026])('with anomalies, seed %i', (seed) => {
    const run = simulate({ seed, ticks: 5_000, anomalies: true });
    const engine = flagsOf(run);

    it('raises every rule, each anomaly exactly its own flag and nothing else', () => {
      const counts = engine.counts();
      for (const rule of flagRules) {
        expect(counts[rule]).toBeGreaterThanOrEqual(1);
        expect(counts[rule]).toBe(run.reports.filter(({ report }) => report.kind === rule).length);
      }
      // Each flag belongs to the anomaly of its kind on its lot, played while or just before it
      // was reported (a ping-pong flag fires on the sixth bid, the pattern ends on the seventh).
      for (const flag of engine.flags()) {
        const raisedAt = Date.parse(flag.raisedAt);
        const played = run.reports.filter(
          ({ at, report }) =>
            report.kind === flag.rule &&
            report.auctionId === flag.auctionId &&
            report.lotIds.includes(flag.lotId) &&
            raisedAt <= at &&
            raisedAt > at - 30_000,
        );
        expect(played).toHaveLength(1);
      }
    });

    it('plays one every 30 to 60 s or so, cycling through the rules in order', () => {
      expect(run.reports.map(({ report }) => report.kind)).toEqual(
        run.reports.map((_, index) => flagRules[index % flagRules.length]),
      );
      const gaps = run.reports.slice(1).map(({ at }, index) => at - run.reports[index]!.at);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(30_000);
      gaps.sort((a, b) => a - b);
      expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThanOrEqual(60_000);
      expect(gaps[Math.floor(gaps.length * 0.9)]).toBeLessThanOrEqual(80_000);
    });

    it('keeps its messages valid', () => {
      for (const event of run.events) expect(classifyMessage(event).kind).not.toBe('invalid');
    });
  });

  it('plays none when anomalies are off', () => {
    expect(ordinary.reports).toEqual([]);
  });
});

describe('determinism and restarts', () => {
  it('is the same sale for the same seed', () => {
    const again = simulate({ ticks: 1_000 });
    expect(again.timeline).toEqual(ordinary.timeline.slice(0, again.timeline.length));
    expect(simulate({ seed: 2, ticks: 200 }).events).not.toEqual(again.events.slice(0, 200));
  });

  it('resumes the numbering after the lots it opened, so a restart never reuses an opened lot', () => {
    const first = simulate({ ticks: 2_000 });
    const second = simulate({ seed: 5, ticks: 2_000, firstLotNumbers: first.resume, idPrefix: 1 });
    for (const sale of sales) {
      const opened = first.opened.filter((event) => event.auctionId === sale.auctionId);
      expect(first.resume[sale.auctionId]).toBe(opened.length + 1);
      const catalogued = [...second.lots.values()].filter(
        (lot) => lot.auctionId === sale.auctionId,
      );
      expect(catalogued[0]!.lotNumber).toBe(opened.length + 1);
    }
    const openedKeys = [...first.opened, ...second.opened].map(keyOf);
    expect(new Set(openedKeys).size).toBe(openedKeys.length);
    const platformIds = [...first.sold, ...second.sold].map(
      ({ agreement }) => agreement.platformId,
    );
    expect(new Set(platformIds).size).toBe(platformIds.length);
  });
});
