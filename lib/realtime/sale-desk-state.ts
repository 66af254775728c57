// The sale desk's decisions, apart from its reads, timers and subscribers
// (docs/adr/0040-pure-transitions-and-one-composition-root.md): `sale-desk-store.ts` holds one
// state, hands it what happens, performs the effects it gets back and publishes the snapshot.
import { emptyFlagCounts, type FlagCounts } from '@/lib/sale-desk/flags/flag-counts';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { isNewer } from '@/lib/sale-desk/timetoken';
import { noDeskFlags, sameFlags, withFlag, withRaised, withRead } from '@/lib/sales/desk-flags';
import type { DeskFlags } from '@/lib/sales/desk-flags';
import { applyLiveMessage, rebaseLiveLots, type LiveMessage } from '@/lib/sales/live-lots';
import type { DeskCatalogue, DeskSale, FlagsRead, Lot } from '@/lib/sales/lot';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import type { SaleDeskSnapshot } from './sale-desk-store';

export interface SaleDeskLimits {
  /** A bid on an unknown lot reads the catalogue again at most this often. */
  refreshAfterMs: number;
  /** Live messages kept for the next record read; past this many the record is read again. */
  maxLiveMessages: number;
}

/**
 * What the desk holds. The transitions below change it in place and nothing else: a live
 * message is appended to `liveAfter` and folded on its lot in `records` (one Map write), never
 * copied per message; the snapshot copies `records` once per frame.
 */
export interface SaleDeskState extends SaleDeskLimits {
  /** Every sale with its lots in lot-number order, as the last read gave them. */
  sales: DeskSale[];
  recordedThrough: string | null;
  /** Live messages newer than `recordedThrough` (all of them before the first read came). */
  liveAfter: LiveMessage[];
  records: Map<string, LotRecord>;
  /** The flags the recorder raised, as of the last reads (lib/sales/desk-flags.ts). */
  flags: DeskFlags;
  catalogueAnswered: boolean;
  /**
   * The sales the page's record covers, while no read of every sale has answered since it was
   * taken (`seed`); null otherwise. Bids of other sales then wait for that read (`readAll`).
   */
  seededSales: ReadonlySet<string> | null;
  catalogueError: unknown;
  catalogue: Map<string, Lot>;
  lastRefreshAt: number | null;
  /** The catalogue as last loaded, to tell a read that changed nothing. */
  loadedText: string;
  /** A catalogue read is on its way: another ask joins it. */
  loading: boolean;
  /** The flags are to be read (a timer runs): later live messages ask for no other read. */
  flagsReadDue: boolean;
  /** Counts sign-outs: the answer to a read asked before one belongs to the last session. */
  generation: number;
}

export function initialSaleDesk(limits: SaleDeskLimits): SaleDeskState {
  return {
    refreshAfterMs: limits.refreshAfterMs,
    maxLiveMessages: limits.maxLiveMessages,
    sales: [],
    recordedThrough: null,
    liveAfter: [],
    records: new Map(),
    flags: noDeskFlags,
    catalogueAnswered: false,
    seededSales: null,
    catalogueError: null,
    catalogue: new Map(),
    lastRefreshAt: null,
    loadedText: '',
    loading: false,
    flagsReadDue: false,
    generation: 0,
  };
}

export type SaleDeskEvent =
  /** Someone asks for a read of the catalogue (the 30-s timer, a retry, `readAll`). */
  | { type: 'refresh'; at: number }
  | { type: 'catalogue-read'; loaded: DeskCatalogue; generation: number }
  | { type: 'catalogue-failed'; error: unknown; generation: number }
  /** The read ended, answered or not: the next ask reads again. */
  | { type: 'catalogue-settled'; generation: number }
  /** The record the page's server render read (`/dash?sale=`). */
  | { type: 'seed'; loaded: DeskCatalogue }
  /** The flags' timer ran out. */
  | { type: 'flags-due' }
  | { type: 'flags-read'; read: FlagsRead; generation: number }
  /** A flag raised or reviewed, announced on `staff` or answered to a review (contract §14). */
  | { type: 'flag'; flag: RecordedFlag }
  /** Sign-out: nothing of the last session's sales stays in memory. */
  | { type: 'reset' };

export type SaleDeskEffect =
  /** Read the catalogue, with the lots' state in the record and the flags. */
  | { type: 'load-catalogue' }
  /** In `flagsAfterMs`, the flags' timer runs out (`flags-due`). */
  | { type: 'schedule-flags-read' }
  | { type: 'cancel-flags-read' }
  /** Read the flags the recorder raised after `after`. */
  | { type: 'read-flags'; after: string | null }
  /** The snapshot changed: rebuilt and announced at the next frame. */
  | { type: 'publish' };

const publish: SaleDeskEffect = { type: 'publish' };
const loadCatalogue: SaleDeskEffect = { type: 'load-catalogue' };
const scheduleFlagsRead: SaleDeskEffect = { type: 'schedule-flags-read' };
const none: readonly SaleDeskEffect[] = [];
const published: readonly SaleDeskEffect[] = [publish];
const loading: readonly SaleDeskEffect[] = [loadCatalogue];

/** Effects without a read of the catalogue, and with one. */
type WithoutAndWithRead = readonly [readonly SaleDeskEffect[], readonly SaleDeskEffect[]];

/**
 * A live message's effects, as constants: nothing is allocated for them per message. By
 * whether it was taken (and then whether it made the flags due), and whether it asked for a read.
 */
const afterLive: Record<'ignored' | 'taken' | 'flagsDue', WithoutAndWithRead> = {
  ignored: [none, loading],
  taken: [published, [loadCatalogue, publish]],
  flagsDue: [
    [scheduleFlagsRead, publish],
    [loadCatalogue, scheduleFlagsRead, publish],
  ],
};

export const lotOfCatalogue = (state: SaleDeskState, auctionId: string, lotId: string) =>
  state.catalogue.get(saleLotKey(auctionId, lotId));

/** Starts a read unless one is on its way; answers whether it did. */
function startRead(state: SaleDeskState, at: number): boolean {
  if (state.loading) return false;
  state.loading = true;
  state.lastRefreshAt = at;
  return true;
}

/** A read of the record: the catalogue, each lot's state, the flags, and how far it reaches. */
function take(state: SaleDeskState, loaded: DeskCatalogue): readonly SaleDeskEffect[] {
  // Read again every 30 s: the same catalogue changes nothing, so the sales and boards built
  // on it are not rebuilt.
  const text = JSON.stringify(loaded.sales);
  const through = loaded.recordedThrough;
  // An older read answering after a newer one (two in flight never are, but a record that
  // went back: a restored database) is still taken: the record decides.
  if (
    state.catalogueAnswered &&
    text === state.loadedText &&
    through === state.recordedThrough &&
    sameFlags(state.flags.recorded, loaded.flags)
  )
    return none;
  state.catalogueError = null;
  state.loadedText = text;
  state.recordedThrough = through;
  state.flags = withRead(state.flags, loaded.flags, through);
  state.sales = loaded.sales.map((sale) => ({
    ...sale,
    lots: [...sale.lots].sort((a, b) => a.lotNumber - b.lotNumber),
  }));
  state.catalogue = new Map(
    state.sales.flatMap((sale) =>
      sale.lots.map((lot) => [saleLotKey(lot.auctionId, lot.lotId), lot]),
    ),
  );
  const rebased = rebaseLiveLots(state.sales, through, state.liveAfter, state.records);
  state.records = rebased.records;
  state.liveAfter = rebased.after;
  state.catalogueAnswered = true;
  return published;
}

/** A bid or an open on a lot the catalogue lacks reads it again, at most every few seconds. */
function readsForUnknownLot(state: SaleDeskState, message: LiveMessage, at: number): boolean {
  if (message.kind === 'lot-closed') return false;
  const { auctionId, lotId } = message.kind === 'bid' ? message.bid : message.opened;
  if (lotOfCatalogue(state, auctionId, lotId)) return false;
  // Another sale than the page's: not shown in its focus; the read of every sale brings it.
  if (state.seededSales !== null && !state.seededSales.has(auctionId)) return false;
  if (state.lastRefreshAt !== null && at - state.lastRefreshAt < state.refreshAfterMs) return false;
  return startRead(state, at);
}

/**
 * A new bid (the bid store drops duplicates first), a close or an open, the hot path: folded on
 * its lot unless the record has it already (published at or before `recordedThrough`), and kept
 * for the next record read. `at` is the clock's time now.
 */
export function takeLive(
  state: SaleDeskState,
  message: LiveMessage,
  at: number,
): readonly SaleDeskEffect[] {
  const reads = readsForUnknownLot(state, message, at);
  if (state.recordedThrough !== null && !isNewer(message.timetoken, state.recordedThrough))
    return afterLive.ignored[reads ? 1 : 0];
  state.liveAfter.push(message);
  applyLiveMessage(state.records, message);
  const flagsDue = !state.flagsReadDue;
  state.flagsReadDue = true;
  // Past the bound the record is read again; the oldest go only past twice the bound, so a
  // record a little behind (read on demand, or a failed read) still finds them here.
  const full = state.liveAfter.length > state.maxLiveMessages && startRead(state, at);
  if (state.liveAfter.length > 2 * state.maxLiveMessages)
    state.liveAfter = state.liveAfter.slice(-state.maxLiveMessages);
  return afterLive[flagsDue ? 'flagsDue' : 'taken'][reads || full ? 1 : 0];
}

export function nextSaleDesk(
  state: SaleDeskState,
  event: SaleDeskEvent,
): readonly SaleDeskEffect[] {
  // A read answering after a sign-out belongs to the last session.
  if ('generation' in event && event.generation !== state.generation) return none;
  switch (event.type) {
    case 'refresh':
      return startRead(state, event.at) ? loading : none;
    case 'catalogue-read':
      state.seededSales = null;
      return take(state, event.loaded);
    case 'catalogue-failed':
      // The catalogue it had is kept, silently: nothing on screen changes (no render every
      // 30 s while re-reads fail), and the next read (every 30 s, an unknown lot) asks again.
      // The failure is shown while no catalogue came at all.
      if (state.loadedText !== '') return none;
      state.catalogueAnswered = true;
      state.catalogueError = event.error;
      return published;
    case 'catalogue-settled':
      state.loading = false;
      return none;
    case 'seed': {
      // Taken when no read has answered yet, so the board paints from it before any request;
      // the reads go on as ever.
      if (state.catalogueAnswered) return none;
      const effects = take(state, event.loaded);
      state.seededSales = new Set(event.loaded.sales.map((sale) => sale.auctionId));
      return effects;
    }
    case 'flags-due':
      state.flagsReadDue = false;
      return [{ type: 'read-flags', after: state.flags.through }];
    case 'flags-read':
    case 'flag': {
      const shown = state.flags.shown;
      state.flags =
        event.type === 'flag'
          ? withFlag(state.flags, event.flag)
          : withRaised(state.flags, event.read);
      return state.flags.shown === shown ? none : published;
    }
    case 'reset': {
      const effects: readonly SaleDeskEffect[] = state.flagsReadDue
        ? [{ type: 'cancel-flags-read' }, publish]
        : published;
      Object.assign(state, initialSaleDesk(state), { generation: state.generation + 1 });
      return effects;
    }
  }
}

function countFlags(flags: readonly DeskFlag[]): FlagCounts {
  const counts = emptyFlagCounts();
  for (const flag of flags) counts[flag.rule] += 1;
  return counts;
}

/** What React reads: a copy of the lots' records, made once per frame. */
export function snapshotOf(state: SaleDeskState): SaleDeskSnapshot {
  return {
    sales: state.sales,
    recordedThrough: state.recordedThrough,
    catalogueAnswered: state.catalogueAnswered,
    catalogueLoaded: state.loadedText !== '',
    catalogueError: state.catalogueError,
    records: new Map(state.records),
    flags: state.flags.shown,
    flagCounts: countFlags(state.flags.shown),
  };
}
