// When each sale's lots are catalogued, open and close. A timed sale: each sale keeps
// `openAtOnce` lots open and closes them one after another, so a lot opens when the one before it
// in its slot closes. Lots are catalogued a chunk at a time, well before they open, and a lot opens
// only once the console accepted its catalogue entry (accept), or, if the console does not answer,
// once `catalogueWaitMs` have passed since it was sent: the sale goes on without a console. Each
// sale runs session after session (sale-sessions.ts); a session's first lot opens once the last
// lot of the session before it has closed, so a sale never has two sessions open at once.
// Pure: randomness and times are passed in.
import type { PlatformLot } from './lot-ingest.ts';
import { catalogueLot, sales, type SaleDefinition } from './sale-catalogue.ts';
import { nextSession, resumePointOf, type SaleSession } from './sale-sessions.ts';

/** About this many bid events per lot, at its share of the simulator's rate. */
const bidsPerLot = 14;
/** Lots catalogued at a time, when fewer than `openAtOnce + 2` wait to open. */
const chunkSize = 8;

interface PlannedLot {
  item: PlatformLot;
  /** When the simulator closes it, published or not (`scheduledCloseAt` may be null). */
  closesAt: number;
  cataloguedAt: number;
  accepted: boolean;
}

export interface SaleState {
  sale: SaleDefinition;
  /** Catalogued and not yet opened, in running order (session, then lot number). */
  upcoming: PlannedLot[];
  /** The session and number the next lot catalogued takes. */
  session: SaleSession;
  nextNumber: number;
  /** The session of the last lot opened and one past its number: where a restart resumes. */
  resume: { auctionId: string; lotNumber: number };
  /** The close of the last lot opened: the next session's first lot waits for it. */
  lastOpenedClose: number | null;
  /** The close of the last lot planned; the next closes about one slot's turn after it. */
  lastClose: number | null;
}

export interface SalePlanOptions {
  random: () => number;
  /** Time between two events of the simulator: lots last long enough for their bids. */
  tickMs: number;
  catalogueWaitMs: number;
  /**
   * Per session auctionId, the first lot number to use: a restart resumes after the lots it
   * opened, in the session it was running (the next one, when that session was over).
   */
  firstLotNumbers?: Record<string, number>;
}

const keyOf = (lot: { auctionId: string; lotId: string }) =>
  JSON.stringify([lot.auctionId, lot.lotId]);

export function createSalePlan({
  random,
  tickMs,
  catalogueWaitMs,
  firstLotNumbers = {},
}: SalePlanOptions) {
  const openLots = sales.reduce((count, sale) => count + sale.openAtOnce, 0);
  const states: SaleState[] = sales.map((sale) => {
    const { session, lotNumber } = resumePointOf(sale, firstLotNumbers);
    return {
      sale,
      upcoming: [],
      session,
      nextNumber: lotNumber,
      resume: { auctionId: session.auctionId, lotNumber },
      lastOpenedClose: null,
      lastClose: null,
    };
  });
  const waiting = new Map<string, PlannedLot>();

  /** The next lot of the sale and when it closes: about one slot's turn after the last one. */
  function plan(state: SaleState, at: number): PlannedLot {
    const { sale } = state;
    const turn = (bidsPerLot * openLots * tickMs) / sale.openAtOnce;
    // The first lots close after the catalogue wait, so a console slow to answer costs no lot.
    const after = Math.max(state.lastClose ?? at + catalogueWaitMs, at);
    const closesAt = Math.round((after + turn * (0.7 + 0.6 * random())) / 1000) * 1000;
    state.lastClose = closesAt;
    const item = catalogueLot(state.session, state.nextNumber, closesAt, random);
    state.nextNumber += 1;
    if (state.nextNumber > state.session.lotCount) {
      // The session's last lot: the next one catalogued is lot 1 of the next session.
      state.session = nextSession(state.session);
      state.nextNumber = 1;
    }
    return { item, closesAt, cataloguedAt: at, accepted: false };
  }

  return {
    states,
    /** The lots to catalogue now: a chunk for each sale running short, none on most calls. */
    catalogue(at: number): PlatformLot[] {
      const fresh: PlannedLot[] = [];
      for (const state of states) {
        if (state.upcoming.length >= state.sale.openAtOnce + 2) continue;
        const chunk = Array.from({ length: chunkSize }, () => plan(state, at));
        state.upcoming.push(...chunk);
        fresh.push(...chunk);
      }
      fresh.forEach((planned) => waiting.set(keyOf(planned.item), planned));
      return fresh.map((planned) => planned.item);
    },
    /** The console accepted these catalogue entries: their lots may open. */
    accept(items: readonly { auctionId: string; lotId: string }[]) {
      for (const item of items) {
        const planned = waiting.get(keyOf(item));
        if (planned) planned.accepted = true;
      }
    },
    /**
     * Takes the sale's next lot if it may open at `at`, saying whether the console accepted it;
     * null while it waits for the console, or for the last session's last lot to close. Lots
     * open in running order, none skipped.
     */
    takeNext(state: SaleState, at: number) {
      const next = state.upcoming[0];
      if (!next) return null;
      if (!next.accepted && at - next.cataloguedAt < catalogueWaitMs) return null;
      const newSession = next.item.auctionId !== state.resume.auctionId;
      if (newSession && state.lastOpenedClose !== null && at < state.lastOpenedClose) return null;
      state.upcoming.shift();
      waiting.delete(keyOf(next.item));
      state.resume = { auctionId: next.item.auctionId, lotNumber: next.item.lotNumber + 1 };
      state.lastOpenedClose = next.closesAt;
      return next;
    },
    /** Per sale, the session it runs and one past its last lot opened: firstLotNumbers next run. */
    resumePoints: (): Record<string, number> =>
      Object.fromEntries(states.map(({ resume }) => [resume.auctionId, resume.lotNumber])),
  };
}

export type SalePlan = ReturnType<typeof createSalePlan>;
