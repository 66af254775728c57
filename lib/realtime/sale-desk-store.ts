import { setRecent } from '@/lib/sale-desk/flags/bounded-recent';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import type { FlagCounts } from '@/lib/sale-desk/flags/flag-counts';
import { createFlagsEngine } from '@/lib/sale-desk/flags/flags-engine';
import type { Lot, Sale } from '@/lib/sales/lot';
import { saleLotKey } from '@/lib/sales/sale-lot-key';
import type { BidPlaced, LotClosed, LotOpened } from './bid-messages';
import { createFrameSnapshot } from './frame-snapshot';

/**
 * What the live messages say of a lot: open (with its close time when known) or closed, and then
 * whether its `lot.closed` named a winning bid (sold) or none (passed).
 */
export interface LotState {
  open: boolean;
  closesAt: string | null;
  sold: boolean;
}

export interface SaleDeskSnapshot {
  /** The catalogue: every sale with its lots in lot-number order; empty until loaded. */
  sales: readonly Sale[];
  /** The catalogue's first load has answered, with the sales or with a failure. */
  catalogueAnswered: boolean;
  /** A load has brought the catalogue: a sale not in `sales` is not in the catalogue. */
  catalogueLoaded: boolean;
  /**
   * Why the catalogue could not be read, while none has been (a failed re-read after one came is
   * not shown); null otherwise.
   */
  catalogueError: unknown;
  /** By `saleLotKey`: lots a `lot.opened` or `lot.closed` named. */
  lotStates: ReadonlyMap<string, LotState>;
  /** Newest first. */
  flags: readonly Flag[];
  flagCounts: FlagCounts;
}

interface SaleDeskOptions {
  /** Loads every sale with its lots (lib/sales/load-catalogue.ts in the browser). */
  load: () => Promise<Sale[]>;
  now?: () => number;
  /** A bid on an unknown lot refreshes the catalogue at most this often. */
  refreshAfterMs?: number;
  maxLotStates?: number;
  schedule?: (flush: () => void) => void;
}

const nextFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The sale desk beside the bid store (docs/product-contract.md §11): the catalogue, which lots are
 * open, and one flags engine fed with every bid, close and open the bid store accepts. Plain store
 * code: React reads it through `useSaleDesk`.
 */
export function createSaleDeskStore({
  load,
  now = Date.now,
  refreshAfterMs = 5_000,
  maxLotStates = 2_000,
  schedule = nextFrame,
}: SaleDeskOptions) {
  let sales: Sale[] = [];
  let catalogueAnswered = false;
  let catalogueError: unknown = null;
  let catalogue = new Map<string, Lot>();
  const lotStates = new Map<string, LotState>();
  // The engine reads the catalogue as it is when each bid arrives.
  const engine = createFlagsEngine({ catalogue: (auctionId, lotId) => lookup(auctionId, lotId) });
  let lastRefreshAt: number | null = null;
  /** The catalogue as last loaded, to tell a read that changed nothing. */
  let loadedText = '';
  let inFlight: Promise<void> | null = null;
  // A sign-out while a load is in flight: its answer belongs to the last session.
  let generation = 0;

  const published = createFrameSnapshot(build, schedule);
  const changed = published.changed;

  function build(): SaleDeskSnapshot {
    return {
      sales,
      catalogueAnswered,
      catalogueLoaded: loadedText !== '',
      catalogueError,
      lotStates: new Map(lotStates),
      flags: engine.flags(),
      flagCounts: engine.counts(),
    };
  }

  function lookup(auctionId: string, lotId: string): Lot | undefined {
    return catalogue.get(saleLotKey(auctionId, lotId));
  }

  function refresh(): Promise<void> {
    if (inFlight) return inFlight;
    lastRefreshAt = now();
    const started = generation;
    inFlight = load()
      .then((loaded) => {
        if (started !== generation) return;
        // Read again every 30 s: the same catalogue changes nothing, so the sales and boards
        // built on it are not rebuilt.
        const text = JSON.stringify(loaded);
        if (catalogueAnswered && text === loadedText) return;
        catalogueError = null;
        loadedText = text;
        sales = loaded.map((sale) => ({
          ...sale,
          lots: [...sale.lots].sort((a, b) => a.lotNumber - b.lotNumber),
        }));
        catalogue = new Map(
          sales.flatMap((sale) =>
            sale.lots.map((lot) => [saleLotKey(lot.auctionId, lot.lotId), lot]),
          ),
        );
        catalogueAnswered = true;
        changed();
      })
      .catch((error: unknown) => {
        // The catalogue it had is kept, silently: nothing on screen changes (no render every
        // 30 s while re-reads fail), and the next read (every 30 s, an unknown lot) asks again.
        // The failure is shown while no catalogue came at all.
        if (started !== generation || loadedText !== '') return;
        catalogueAnswered = true;
        catalogueError = error;
        changed();
      })
      .finally(() => {
        if (started === generation) inFlight = null;
      });
    return inFlight;
  }

  function refreshIfUnknown(auctionId: string, lotId: string) {
    if (lookup(auctionId, lotId)) return;
    if (lastRefreshAt !== null && now() - lastRefreshAt < refreshAfterMs) return;
    void refresh();
  }

  return {
    refresh,
    lookup,
    /** A new bid (the bid store drops duplicates first). */
    onBid(bid: BidPlaced) {
      refreshIfUnknown(bid.auctionId, bid.lotId);
      if (engine.onBid(bid).length > 0) changed();
    },
    onLotClosed(closed: LotClosed) {
      engine.onLotClosed(closed);
      const key = saleLotKey(closed.auctionId, closed.lotId);
      setRecent(
        lotStates,
        key,
        {
          open: false,
          closesAt: lotStates.get(key)?.closesAt ?? null,
          sold: closed.winningBidId !== null,
        },
        maxLotStates,
      );
      changed();
    },
    onLotOpened(opened: LotOpened) {
      engine.onLotOpened(opened);
      refreshIfUnknown(opened.auctionId, opened.lotId);
      setRecent(
        lotStates,
        saleLotKey(opened.auctionId, opened.lotId),
        { open: true, closesAt: opened.closesAt, sold: false },
        maxLotStates,
      );
      changed();
    },
    getSnapshot: published.getSnapshot,
    subscribe: published.subscribe,
    /** Sign-out: nothing of the last session's sales stays in memory. */
    reset() {
      generation += 1;
      inFlight = null;
      lastRefreshAt = null;
      sales = [];
      catalogueAnswered = false;
      catalogueError = null;
      loadedText = '';
      catalogue = new Map();
      lotStates.clear();
      engine.reset();
      changed();
    },
  };
}

export type SaleDeskStore = ReturnType<typeof createSaleDeskStore>;
