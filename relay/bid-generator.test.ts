/** @jest-environment node */
// The simulator's sale, tick by tick, with a seeded PRNG and a clock that advances one tick per
// call, checked against the console's own schemas and the sale desk's flags engine.
import { classifyMessage } from '@/lib/sale-desk/bid-messages';
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
import { lotIdOf, sales } from './sale-catalogue.ts';
import { nextSession, sessionNamed, sessionOf } from './sale-sessions.ts';

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

  it('has four sales run in sessions, each with its title and currency, two of them car sales', () => {
    const saleOf = new Map([...ordinary.lots.values()].map((lot) => [lot.auctionId, lot]));
    expect(
      sales.map((sale) => {
        const { auctionId, saleTitle, currency } = saleOf.get(sale.auctionId)!;
        return [auctionId, saleTitle, currency];
      }),
    ).toEqual([
      ['paris-modern-art-2026', 'Modern & Contemporary Art, Paris (session 1)', 'EUR'],
      ['london-watches-2026', 'Important Watches, London (session 1)', 'GBP'],
      ['new-york-classic-cars-2026', 'Classic Cars, New York (session 1)', 'USD'],
      ['monaco-classic-cars-2026', 'Classic Cars, Monaco (session 1)', 'EUR'],
    ]);
    for (const lot of ordinary.lots.values()) {
      const session = sessionNamed(lot.auctionId)!;
      expect([lot.saleTitle, lot.currency]).toEqual([session.saleTitle, session.sale.currency]);
    }
    // Forty minutes in, the quickest sale is into its second session.
    expect(saleOf.get('paris-modern-art-2026-2')?.saleTitle).toBe(
      'Modern & Contemporary Art, Paris (session 2)',
    );
  });

  it('numbers each session’s lots 1, 2, 3… with ids that follow, and opens them in that order', () => {
    for (const auctionId of new Set([...ordinary.lots.values()].map((lot) => lot.auctionId))) {
      const numbers = [...ordinary.lots.values()]
        .filter((lot) => lot.auctionId === auctionId)
        .map((lot) => lot.lotNumber);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      const opened = ordinary.opened.filter((event) => event.auctionId === auctionId);
      expect(opened.map((event) => event.lotId)).toEqual(
        opened.map((_, index) => lotIdOf(index + 1)),
      );
    }
  });

  it('never repeats a lot title within a session', () => {
    const titles = Map.groupBy(ordinary.lots.values(), (lot) => lot.auctionId);
    expect(titles.size).toBeGreaterThan(sales.length);
    for (const lots of titles.values())
      expect(new Set(lots.map((lot) => lot.lotTitle)).size).toBe(lots.length);
  });

  it('offers the same title in both car sales, as lots of their own that never mix', () => {
    const ny = 'new-york-classic-cars-2026';
    const monaco = 'monaco-classic-cars-2026';
    const salesBidOn = new Map<string, Set<string>>();
    for (const bid of ordinary.bids) {
      const sale = sessionNamed(bid.auctionId)!.sale.auctionId;
      salesBidOn.set(bid.lotTitle, (salesBidOn.get(bid.lotTitle) ?? new Set()).add(sale));
    }
    const shared = [...salesBidOn].filter(([, bidOn]) => bidOn.has(ny) && bidOn.has(monaco));
    expect(shared.length).toBeGreaterThanOrEqual(1);
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
    /** Per sale, its lots open now, all of one session. */
    const openBySale = new Map<string, string[]>();
    for (const { at, event } of ordinary.timeline) {
      const key = keyOf(event);
      const lot = ordinary.lots.get(key)!;
      const { sale } = sessionNamed(event.auctionId)!;
      const open = openBySale.get(sale.auctionId) ?? [];
      if (event.type === 'lot.opened') {
        expect(state.has(key)).toBe(false);
        expect(event.closesAt).toBe(lot.scheduledCloseAt);
        state.set(key, 'open');
        open.forEach((other) => expect(other).toBe(event.auctionId));
        openBySale.set(sale.auctionId, [...open, event.auctionId]);
        expect(open.length + 1).toBeLessThanOrEqual(sale.openAtOnce);
      } else if (event.type === 'lot.closed') {
        expect(state.get(key)).toBe('open');
        state.set(key, 'closed');
        openBySale.set(sale.auctionId, open.slice(1));
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

describe('sessions', () => {
  const first = sessionOf(sales[0]!, 1);
  const second = nextSession(first);
  const at = (auctionId: string, type: SimulatorEvent['type']) =>
    ordinary.timeline.filter(({ event }) => event.type === type && event.auctionId === auctionId);

  it('end after their 60 to 80 lots; the next opens at lot 1 once the last lot closed', () => {
    expect(at(first.auctionId, 'lot.opened')).toHaveLength(first.lotCount);
    expect(at(first.auctionId, 'lot.closed')).toHaveLength(first.lotCount);
    expect(first.lotCount).toBeGreaterThanOrEqual(60);
    expect(first.lotCount).toBeLessThanOrEqual(80);
    const lastClose = at(first.auctionId, 'lot.closed').at(-1)!;
    expect(lastClose.event).toMatchObject({ lotId: lotIdOf(first.lotCount) });
    const [firstOpen] = at(second.auctionId, 'lot.opened');
    expect(firstOpen!.event).toMatchObject({ lotId: lotIdOf(1) });
    // No pause and no overlap: the sale goes on in its next session at the same tick.
    expect(firstOpen!.at).toBe(lastClose.at);
    expect(ordinary.lots.get(keyOf({ auctionId: second.auctionId, lotId: lotIdOf(1) }))).toEqual(
      expect.objectContaining({ saleTitle: second.saleTitle, lotNumber: 1 }),
    );
  });

  it('catalogue the next session before it opens, and no session past its last lot', () => {
    for (const lot of ordinary.lots.values())
      expect(lot.lotNumber).toBeLessThanOrEqual(sessionNamed(lot.auctionId)!.lotCount);
    const cataloguedAt = ordinary.catalogue.find(({ lots }) =>
      lots.some((lot) => lot.auctionId === second.auctionId),
    )!.at;
    expect(cataloguedAt).toBeLessThan(at(second.auctionId, 'lot.opened')[0]!.at);
  });
});

describe('outcomes', () => {
  it('passes 10 to 30 % of lots, reserve not met or no bid, and sells the rest to the highest bid', () => {
    const highest = new Map<string, BidPlaced>();
    const outcomes = { sold: 0, belowReserve: 0, noBid: 0 };
    for (const event of ordinary.events) {
      const key = keyOf(event);
      if (event.type === 'bid.placed' && event.amount > (highest.get(key)?.amount ?? 0))
        highest.set(key, event);
      if (event.type !== 'lot.closed') continue;
      const high = highest.get(key);
      const { reserve } = ordinary.lots.get(key)!;
      if (event.winningBidId === null) {
        if (high === undefined) outcomes.noBid += 1;
        else {
          expect(reserve).not.toBeNull();
          expect(reserve!).toBeGreaterThan(high.amount);
          outcomes.belowReserve += 1;
        }
      } else {
        expect(event.winningBidId).toBe(high!.bidId);
        expect(high!.amount).toBeGreaterThanOrEqual(reserve ?? 0);
        outcomes.sold += 1;
      }
    }
    const closed = outcomes.sold + outcomes.belowReserve + outcomes.noBid;
    expect(closed).toBeGreaterThan(300);
    const passed = (outcomes.belowReserve + outcomes.noBid) / closed;
    expect(passed).toBeGreaterThanOrEqual(0.1);
    expect(passed).toBeLessThanOrEqual(0.3);
    expect(outcomes.belowReserve).toBeGreaterThan(outcomes.noBid);
    expect(outcomes.noBid).toBeGreaterThan(0);
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

  it('resumes the session it was in, past a session’s end, keeping numbers and titles unique', () => {
    // `ordinary` stopped in the second session of the Paris sale.
    expect(ordinary.resume).toMatchObject({ 'paris-modern-art-2026-2': expect.any(Number) });
    const second = simulate({
      seed: 5,
      ticks: 5_000,
      firstLotNumbers: ordinary.resume,
      idPrefix: 1,
    });
    for (const [auctionId, lotNumber] of Object.entries(ordinary.resume)) {
      const session = sessionNamed(auctionId)!;
      const opened = ordinary.opened.filter((event) => event.auctionId === auctionId);
      expect(lotNumber).toBe(opened.length + 1);
      const resumed = second.opened.find(
        (event) => sessionNamed(event.auctionId)!.sale === session.sale,
      )!;
      expect(resumed).toMatchObject(
        lotNumber > session.lotCount
          ? { auctionId: nextSession(session).auctionId, lotId: lotIdOf(1) }
          : { auctionId, lotId: lotIdOf(lotNumber) },
      );
    }
    const opened = [...ordinary.opened, ...second.opened];
    expect(new Set(opened.map(keyOf)).size).toBe(opened.length);
    const lots = opened.map(
      (event) => (ordinary.lots.get(keyOf(event)) ?? second.lots.get(keyOf(event)))!,
    );
    for (const session of Map.groupBy(lots, (lot) => lot.auctionId).values()) {
      expect(session.map((lot) => lot.lotNumber)).toEqual(session.map((_, index) => index + 1));
      expect(new Set(session.map((lot) => lot.lotTitle)).size).toBe(session.length);
    }
    expect(new Set(lots.map((lot) => lot.auctionId))).toContain('paris-modern-art-2026-3');
  });

  it('begins the next session when the last run opened its session’s last lot', () => {
    const { lotCount } = sessionOf(sales[0]!, 1);
    const run = simulate({
      ticks: 400,
      firstLotNumbers: { 'paris-modern-art-2026': lotCount + 1 },
    });
    const paris = run.opened.filter((event) => event.auctionId.startsWith('paris-'));
    expect(paris[0]).toMatchObject({ auctionId: 'paris-modern-art-2026-2', lotId: lotIdOf(1) });
    expect(run.resume['paris-modern-art-2026-2']).toBe(paris.length + 1);
  });
});
