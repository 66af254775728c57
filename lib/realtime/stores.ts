// The browser's stores, built and wired in one place (docs/adr/0040): `createStores` makes a bid
// store that tells its sale desk what arrives, and `browserStores` is the app's one way to them,
// built on first use, never at import.
import { loadCatalogue, loadFlags } from '@/lib/sales/load-catalogue';
import type { DeskCatalogue, FlagsRead } from '@/lib/sales/lot';
import { createBidStore, type BidStore } from './bid-store';
import { createSaleDeskStore, type SaleDeskStore } from './sale-desk-store';

export interface Stores {
  /** Fed by the realtime session, read by the dashboard. */
  bidStore: BidStore;
  /** Fed by the bid store, read by the dashboard. */
  saleDesk: SaleDeskStore;
}

/** What the stores read and when they publish (the browser's own by default; fakes in tests). */
export interface StoreParts {
  /** Every sale with its lots and their recorded state (lib/sales/load-catalogue.ts). */
  load: () => Promise<DeskCatalogue>;
  /** The flags the recorder raised after a timetoken (lib/sales/load-catalogue.ts). */
  loadFlags: (after: string | null) => Promise<FlagsRead>;
  /** When a changed snapshot is announced (the next animation frame unless told). */
  schedule?: (flush: () => void) => void;
}

const browserParts: StoreParts = {
  load: () => loadCatalogue(),
  loadFlags: (after) => loadFlags(after),
};

export function createStores({ load, loadFlags, schedule }: StoreParts = browserParts): Stores {
  const saleDesk = createSaleDeskStore({ load, loadFlags, schedule });
  const bidStore = createBidStore({ observer: saleDesk, schedule });
  return { bidStore, saleDesk };
}

let built: Stores | null = null;

/** The browser's one bid store and sale desk, built by the first call. */
export function browserStores(): Stores {
  built ??= createStores();
  return built;
}

/**
 * The desk's calls the dashboard's components make (`app/dash`), on the desk of `browserStores`:
 * importing it builds nothing.
 */
export const saleDesk: Pick<SaleDeskStore, 'seed' | 'refresh' | 'readAll' | 'takeFlag'> = {
  seed: (loaded) => browserStores().saleDesk.seed(loaded),
  refresh: () => browserStores().saleDesk.refresh(),
  readAll: () => browserStores().saleDesk.readAll(),
  takeFlag: (flag) => browserStores().saleDesk.takeFlag(flag),
};
