// The browser's stores, built here once and wired together: the bid store tells the sale desk
// what arrives. Nothing else builds them; the dashboard and the realtime provider import them here.
import { loadCatalogue, loadFlags } from '@/lib/sales/load-catalogue';
import { createBidStore } from './bid-store';
import { createSaleDeskStore } from './sale-desk-store';

/** The browser's one sale desk, fed by the bid store, read by the dashboard. */
export const saleDesk = createSaleDeskStore({
  load: () => loadCatalogue(),
  loadFlags: (after) => loadFlags(after),
});

/** The browser's one bid store: fed by the realtime provider, read by the dashboard. */
export const bidStore = createBidStore({ observer: saleDesk });
