import { emptyFlagCounts } from '@/lib/sale-desk/flags/flag-counts';
import type { FlagCounts } from '@/lib/sale-desk/flags/flag-counts';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import { applyLiveMessage, rebaseLiveLots, type LiveMessage } from '@/lib/sales/live-lots';
import { noDeskFlags, sameFlags, withFlag, withRaised, withRead } from '@/lib/sales/desk-flags';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import type { DeskCatalogue, DeskSale, FlagsRead, Lot } from '@/lib/sales/lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import type { BidPlaced, LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import { createFrameSnapshot } from './frame-snapshot';
import { isNewer } from '@/lib/sale-desk/timetoken';

export interface SaleDeskSnapshot {
  /**
   * The catalogue: every sale with its lots in lot-number order, each lot with its state in the
   * record as of `recordedThrough`; empty until loaded.
   */
  sales: readonly DeskSale[];
  /** How far the record read reaches; null before it came (or before the record holds any). */
  recordedThrough: string | null;
  /** The catalogue's first load has answered, with the sales or with a failure. */
  catalogueAnswered: boolean;
  /** A load has brought the catalogue: a sale not in `sales` is not in the catalogue. */
  catalogueLoaded: boolean;
  /**
   * Why the catalogue could not be read, while none has been (a failed re-read after one came is
   * not shown); null otherwise.
   */
  catalogueError: unknown;
  /**
   * By `saleLotKey`: every lot the record or a live message named, as of now: the record's state
   * with the live messages since `recordedThrough` folded on (lib/sales/live-lots.ts).
   */
  records: ReadonlyMap<string, LotRecord>;
  /** Newest first: the flags the recorder raised, each with its bids, as last read. */
  flags: readonly DeskFlag[];
  flagCounts: FlagCounts;
}

interface SaleDeskOptions {
  /** Loads every sale with its lots and their recorded state (lib/sales/load-catalogue.ts). */
  load: () => Promise<DeskCatalogue>;
  /** Reads the flags the recorder raised after a timetoken (lib/sales/load-catalogue.ts). */
  loadFlags: (after: string | null) => Promise<FlagsRead>;
  /**
   * After a live message, the flags are read again this much later (one read for every message
   * meanwhile): the recorder raises them as it records, so they show within this and its lag.
   */
  flagsAfterMs?: number;
  now?: () => number;
  /** A bid on an unknown lot refreshes the catalogue at most this often. */
  refreshAfterMs?: number;
  /**
   * Live messages kept for the next record read to fold on (those newer than it). Past this many
   * the record is read again, so the bound holds at any rate.
   */
  maxLiveMessages?: number;
  schedule?: (flush: () => void) => void;
}

function countFlags(flags: readonly DeskFlag[]): FlagCounts {
  const counts = emptyFlagCounts();
  for (const flag of flags) counts[flag.rule] += 1;
  return counts;
}

const nextFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The sale desk beside the bid store (docs/product-contract.md §11, §13): the catalogue with each
 * lot's state in the record, the live messages since folded on, and the flags the recorder raised,
 * read again shortly after live messages arrive. Plain store code: React reads it through
 * `useSaleDesk`.
 */
export function createSaleDeskStore({
  load,
  loadFlags,
  flagsAfterMs = 2_000,
  now = Date.now,
  refreshAfterMs = 5_000,
  maxLiveMessages = 20_000,
  schedule = nextFrame,
}: SaleDeskOptions) {
  let sales: DeskSale[] = [];
  let recordedThrough: string | null = null;
  /** Live messages newer than `recordedThrough` (all of them before the first read came). */
  let liveAfter: LiveMessage[] = [];
  let records = new Map<string, LotRecord>();
  /** The flags the recorder raised, as of the last reads (lib/sales/desk-flags.ts). */
  let flags = noDeskFlags;
  let flagsTimer: ReturnType<typeof setTimeout> | null = null;
  let catalogueAnswered = false;
  /**
   * The sales the page's record covers, while no read of every sale has answered since it was
   * taken (`seed`); null otherwise. Bids of other sales then wait for that read (`readAll`).
   */
  let seededSales: ReadonlySet<string> | null = null;
  let catalogueError: unknown = null;
  let catalogue = new Map<string, Lot>();
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
      recordedThrough,
      catalogueAnswered,
      catalogueLoaded: loadedText !== '',
      catalogueError,
      records: new Map(records),
      flags: flags.shown,
      flagCounts: countFlags(flags.shown),
    };
  }

  function lookup(auctionId: string, lotId: string): Lot | undefined {
    return catalogue.get(saleLotKey(auctionId, lotId));
  }

  /** A read of the record: the catalogue, each lot's state, the flags, and how far it reaches. */
  function take(loaded: DeskCatalogue) {
    // Read again every 30 s: the same catalogue changes nothing, so the sales and boards built
    // on it are not rebuilt.
    const text = JSON.stringify(loaded.sales);
    const through = loaded.recordedThrough;
    // An older read answering after a newer one (two in flight never are, but a record that
    // went back: a restored database) is still taken: the record decides.
    if (
      catalogueAnswered &&
      text === loadedText &&
      through === recordedThrough &&
      sameFlags(flags.recorded, loaded.flags)
    )
      return;
    catalogueError = null;
    loadedText = text;
    recordedThrough = through;
    flags = withRead(flags, loaded.flags, through);
    sales = loaded.sales.map((sale) => ({
      ...sale,
      lots: [...sale.lots].sort((a, b) => a.lotNumber - b.lotNumber),
    }));
    catalogue = new Map(
      sales.flatMap((sale) => sale.lots.map((lot) => [saleLotKey(lot.auctionId, lot.lotId), lot])),
    );
    ({ records, after: liveAfter } = rebaseLiveLots(sales, recordedThrough, liveAfter, records));
    catalogueAnswered = true;
    changed();
  }

  function refresh(): Promise<void> {
    if (inFlight) return inFlight;
    lastRefreshAt = now();
    const started = generation;
    inFlight = load()
      .then((loaded) => {
        if (started !== generation) return;
        seededSales = null;
        take(loaded);
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

  /** The flags read once, `flagsAfterMs` after the first live message since the last read. */
  function readFlagsSoon() {
    if (flagsTimer !== null) return;
    const started = generation;
    flagsTimer = setTimeout(() => {
      flagsTimer = null;
      loadFlags(flags.through).then(
        (read) => {
          if (started !== generation) return;
          const shown = flags.shown;
          flags = withRaised(flags, read);
          if (flags.shown !== shown) changed();
        },
        // The next live message asks again; the catalogue's read every 30 s carries them too.
        () => {},
      );
    }, flagsAfterMs);
  }

  function refreshIfUnknown(auctionId: string, lotId: string) {
    if (lookup(auctionId, lotId)) return;
    // Another sale than the page's: not shown in its focus; the read of every sale brings it.
    if (seededSales !== null && !seededSales.has(auctionId)) return;
    if (lastRefreshAt !== null && now() - lastRefreshAt < refreshAfterMs) return;
    void refresh();
  }

  /**
   * A live message: folded on its lot unless the record has it already (published at or before
   * `recordedThrough`), and kept for the next record read.
   */
  function takeLive(message: LiveMessage) {
    if (recordedThrough !== null && !isNewer(message.timetoken, recordedThrough)) return;
    liveAfter.push(message);
    applyLiveMessage(records, message);
    readFlagsSoon();
    // Past the bound the record is read again; the oldest go only past twice the bound, so a
    // record a little behind (read on demand, or a failed read) still finds them here.
    if (liveAfter.length > maxLiveMessages) void refresh();
    if (liveAfter.length > 2 * maxLiveMessages) liveAfter = liveAfter.slice(-maxLiveMessages);
    changed();
  }

  return {
    refresh,
    /**
     * The record as the page's server render read it (`/dash?sale=`): taken when no read has
     * answered yet, so the board paints from it before any request; the reads go on as ever.
     */
    seed(loaded: DeskCatalogue) {
      if (catalogueAnswered) return;
      take(loaded);
      seededSales = new Set(loaded.sales.map((sale) => sale.auctionId));
    },
    /**
     * Reads every sale now if the desk holds only the page's record (the all-sales view opened
     * after a sale's page); else the reads go on as they are.
     */
    readAll(): Promise<void> {
      return seededSales === null ? Promise.resolve() : refresh();
    },
    lookup,
    /** A new bid (the bid store drops duplicates first) and its timetoken. */
    onBid(bid: BidPlaced, timetoken: string) {
      refreshIfUnknown(bid.auctionId, bid.lotId);
      takeLive({ kind: 'bid', bid, timetoken });
    },
    onLotClosed(closed: LotClosed, timetoken: string) {
      takeLive({ kind: 'lot-closed', closed, timetoken });
    },
    onLotOpened(opened: LotOpened, timetoken: string) {
      refreshIfUnknown(opened.auctionId, opened.lotId);
      takeLive({ kind: 'lot-opened', opened, timetoken });
    },
    /**
     * A flag raised or reviewed, as the server announced it on `staff` or answered a review
     * (contract §14): shown at once, whatever the next read brings.
     */
    takeFlag(flag: RecordedFlag) {
      const shown = flags.shown;
      flags = withFlag(flags, flag);
      if (flags.shown !== shown) changed();
    },
    getSnapshot: published.getSnapshot,
    subscribe: published.subscribe,
    /** Sign-out: nothing of the last session's sales stays in memory. */
    reset() {
      generation += 1;
      seededSales = null;
      inFlight = null;
      lastRefreshAt = null;
      sales = [];
      catalogueAnswered = false;
      catalogueError = null;
      loadedText = '';
      catalogue = new Map();
      recordedThrough = null;
      flags = noDeskFlags;
      if (flagsTimer !== null) clearTimeout(flagsTimer);
      flagsTimer = null;
      liveAfter = [];
      records = new Map();
      changed();
    },
  };
}

export type SaleDeskStore = ReturnType<typeof createSaleDeskStore>;
