import type { BidPlaced, LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import type { FlagCounts } from '@/lib/sale-desk/flags/flag-counts';
import type { LotRecord } from '@/lib/sale-desk/lot-record';
import type { LiveMessage } from '@/lib/sales/live-lots';
import type { DeskCatalogue, DeskSale, FlagsRead } from '@/lib/sales/lot';
import type { DeskFlag, RecordedFlag } from '@/lib/sales/recorded-flag';
import { createFrameSnapshot } from './frame-snapshot';
import {
  initialSaleDesk,
  lotOfCatalogue,
  nextSaleDesk,
  snapshotOf,
  takeLive,
  type SaleDeskEffect,
  type SaleDeskEvent,
} from './sale-desk-state';

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

const nextFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

/**
 * The sale desk beside the bid store (docs/product-contract.md §11, §13): the catalogue with each
 * lot's state in the record, the live messages since folded on, and the flags the recorder raised,
 * read again shortly after live messages arrive. Plain store code: React reads it through
 * `useSaleDesk`. What each message, read and call does is decided in `sale-desk-state.ts`; this
 * shell holds the state, reads, runs the flags' timer and publishes.
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
  const state = initialSaleDesk({ refreshAfterMs, maxLiveMessages });
  const published = createFrameSnapshot(() => snapshotOf(state), schedule);
  /** The catalogue read on its way (while `state.loading`), for another ask to join. */
  let reading: Promise<void> = Promise.resolve();
  let flagsTimer: ReturnType<typeof setTimeout> | undefined;

  const run = (effects: readonly SaleDeskEffect[]) => effects.forEach(perform);
  const dispatch = (event: SaleDeskEvent) => run(nextSaleDesk(state, event));

  function perform(effect: SaleDeskEffect) {
    // The session a read belongs to: what it answers after a sign-out is dropped.
    const { generation } = state;
    switch (effect.type) {
      case 'load-catalogue':
        reading = load()
          .then((loaded) => dispatch({ type: 'catalogue-read', loaded, generation }))
          .catch((error: unknown) => dispatch({ type: 'catalogue-failed', error, generation }))
          .finally(() => dispatch({ type: 'catalogue-settled', generation }));
        return;
      case 'schedule-flags-read':
        flagsTimer = setTimeout(() => dispatch({ type: 'flags-due' }), flagsAfterMs);
        return;
      case 'cancel-flags-read':
        clearTimeout(flagsTimer);
        return;
      case 'read-flags':
        loadFlags(effect.after).then(
          (read) => dispatch({ type: 'flags-read', read, generation }),
          // The next live message asks again; the catalogue's read every 30 s carries them too.
          () => {},
        );
        return;
      case 'publish':
        published.changed();
        return;
    }
  }

  function refresh(): Promise<void> {
    dispatch({ type: 'refresh', at: now() });
    return reading;
  }

  const live = (message: LiveMessage) => run(takeLive(state, message, now()));

  return {
    refresh,
    /**
     * The record as the page's server render read it (`/dash?sale=`): taken when no read has
     * answered yet, so the board paints from it before any request; the reads go on as ever.
     */
    seed: (loaded: DeskCatalogue) => dispatch({ type: 'seed', loaded }),
    /**
     * Reads every sale now if the desk holds only the page's record (the all-sales view opened
     * after a sale's page); else the reads go on as they are.
     */
    readAll: (): Promise<void> => (state.seededSales === null ? Promise.resolve() : refresh()),
    lookup: (auctionId: string, lotId: string) => lotOfCatalogue(state, auctionId, lotId),
    /** A new bid (the bid store drops duplicates first) and its timetoken. */
    onBid: (bid: BidPlaced, timetoken: string) => live({ kind: 'bid', bid, timetoken }),
    onLotClosed: (closed: LotClosed, timetoken: string) =>
      live({ kind: 'lot-closed', closed, timetoken }),
    onLotOpened: (opened: LotOpened, timetoken: string) =>
      live({ kind: 'lot-opened', opened, timetoken }),
    /**
     * A flag raised or reviewed, as the server announced it on `staff` or answered a review
     * (contract §14): shown at once, whatever the next read brings.
     */
    takeFlag: (flag: RecordedFlag) => dispatch({ type: 'flag', flag }),
    getSnapshot: published.getSnapshot,
    subscribe: published.subscribe,
    /** Sign-out: nothing of the last session's sales stays in memory. */
    reset: () => dispatch({ type: 'reset' }),
  };
}

export type SaleDeskStore = ReturnType<typeof createSaleDeskStore>;
