import { loadCatalogue, loadFlags } from '@/lib/sales/load-catalogue';
import { createSaleDeskStore } from './sale-desk-store';

/** The browser's one sale desk, fed by the bid store (bid-store.ts), read by the dashboard. */
export const saleDesk = createSaleDeskStore({
  load: () => loadCatalogue(),
  loadFlags: (after) => loadFlags(after),
});
