// Realistic auction traffic for the simulator, one tick at a time: several timed sales, each run
// as sessions of 60 to 80 lots, one after another, for as long as the simulator runs; each lot
// catalogued before it opens (onCatalogue, then accept once the console took it), `lot.opened`,
// bids rising by the increment table among a few paddles, and `lot.closed` at the lot's close,
// sold to the leader (onSold gives the agreement) or unsold below the reserve. With `anomalies`,
// now and then a pattern each flag rule catches (anomalies.ts). Pure and deterministic:
// randomness, ids and the clock are injected. The parts: sale-catalogue.ts (what is sold),
// sale-sessions.ts (in which sale), sale-plan.ts (when), lot-bidding.ts (how bids rise),
// anomalies.ts (what staff must notice).
import type { BidPlaced, LotClosed, LotOpened } from '../lib/sale-desk/bid-messages.ts';
import type { PlatformAgreement } from './agreement-ingest.ts';
import { createAnomalies, type AnomalyReport } from './anomalies.ts';
import { closeLot, isSpent, openLot, ordinaryBid, type OpenLot } from './lot-bidding.ts';
import type { PlatformLot } from './lot-ingest.ts';
import { createPaddleActivity } from './paddle-activity.ts';
import { createSalePlan } from './sale-plan.ts';

export type { BidPlaced, LotClosed, LotOpened } from '../lib/sale-desk/bid-messages.ts';
export type SimulatorEvent = BidPlaced | LotClosed | LotOpened;

export interface GeneratorOptions {
  random: () => number;
  uuid: () => string;
  now: () => Date;
  /** Ticks per second (`next()` calls): lots last long enough for about 14 bids at this rate. */
  ratePerSecond?: number;
  /** Now and then a pattern each flag rule catches (SIMULATOR_ANOMALIES); off by default. */
  anomalies?: boolean;
  /** How long a lot waits for the console to accept its catalogue entry before opening anyway. */
  catalogueWaitMs?: number;
  /** Per session auctionId, where the lot numbering starts (resumeLotNumbers of an earlier run). */
  firstLotNumbers?: Record<string, number>;
  /** New catalogue entries, before any of their lots opens; call accept once the console has them. */
  onCatalogue?: (lots: PlatformLot[]) => void;
  /** A lot opens without the console having accepted its entry, after `catalogueWaitMs`. */
  onUnconfirmedOpen?: (lot: PlatformLot) => void;
  /** The agreement of each lot sold, before its lot.closed. */
  onSold?: (agreement: PlatformAgreement) => void;
  /** Each anomaly once played in full. */
  onAnomaly?: (report: AnomalyReport) => void;
}

/** Lots remembered after their close, for a `late` bid. */
const closedKept = 10;

export function createBidGenerator({
  random,
  uuid,
  now,
  ratePerSecond = 2,
  anomalies = false,
  catalogueWaitMs = 30_000,
  firstLotNumbers,
  onCatalogue,
  onUnconfirmedOpen,
  onSold,
  onAnomaly,
}: GeneratorOptions) {
  const tickMs = 1000 / ratePerSecond;
  const room = { random, uuid, activity: createPaddleActivity() };
  const plan = createSalePlan({ random, tickMs, catalogueWaitMs, firstLotNumbers });
  const openBySale = new Map(plan.states.map((state) => [state, [] as OpenLot[]]));
  let open: OpenLot[] = [];
  const closed: { lot: OpenLot; at: number }[] = [];
  const patterns = createAnomalies({
    enabled: anomalies,
    room,
    tickMs,
    onAnomaly,
    world: { open: () => open, closed: () => closed },
  });

  function close(lot: OpenLot, at: number): LotClosed {
    const { closed: message, agreement } = closeLot(lot, at);
    if (agreement) onSold?.(agreement);
    closed.push({ lot, at });
    if (closed.length > closedKept) closed.shift();
    return message;
  }

  /** Closes the lots whose time has come and opens the next ones in their slots. */
  function turnOver(at: number): SimulatorEvent[] {
    const events: SimulatorEvent[] = [];
    for (const [state, lots] of openBySale) {
      for (const lot of lots.filter((candidate) => at >= candidate.closesAt)) {
        lots.splice(lots.indexOf(lot), 1);
        events.push(close(lot, at));
      }
      while (lots.length < state.sale.openAtOnce) {
        const next = plan.takeNext(state, at);
        if (next === null) break;
        if (!next.accepted) onUnconfirmedOpen?.(next.item);
        lots.push(openLot(next.item, next.closesAt, random));
        const { auctionId, lotId, scheduledCloseAt } = next.item;
        const openedAt = new Date(at).toISOString();
        events.push({
          type: 'lot.opened',
          v: 1,
          auctionId,
          lotId,
          openedAt,
          closesAt: scheduledCloseAt,
        });
      }
    }
    open = [...openBySale.values()].flat();
    return events;
  }

  /** One ordinary bid on a lot chosen at random among those the room still bids on. */
  function bidSomewhere(at: number): BidPlaced | null {
    const held = patterns.held();
    const candidates = open.filter((lot) => lot !== held && !isSpent(lot));
    while (candidates.length > 0) {
      const [lot] = candidates.splice(Math.floor(random() * candidates.length), 1);
      const bid = ordinaryBid(lot!, at, room);
      if (bid) return bid;
    }
    return null;
  }

  return {
    /**
     * This tick's messages for `bids`, in order: lots closing, lots opening, then a bid (or an
     * anomaly's bids). Empty while the first lots wait for the console, or the room waits.
     */
    next(): SimulatorEvent[] {
      const at = now().getTime();
      const fresh = plan.catalogue(at);
      if (fresh.length > 0) onCatalogue?.(fresh);
      const events = turnOver(at);
      const played = patterns.step(at);
      if (played) events.push(...played);
      else {
        const bid = bidSomewhere(at);
        if (bid) events.push(bid);
      }
      return events;
    },
    /** The console accepted these catalogue entries: their lots may open. */
    accept: (lots: readonly { auctionId: string; lotId: string }[]) => plan.accept(lots),
    /**
     * Per sale, the auctionId of the session it runs and one past the last lot opened in it:
     * firstLotNumbers for the next run (sale-sessions.ts reads it back).
     */
    resumeLotNumbers: (): Record<string, number> => plan.resumePoints(),
  };
}

export type BidGenerator = ReturnType<typeof createBidGenerator>;
