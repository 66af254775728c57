// The sale desk's transitions' tests' states (lib/realtime/sale-desk-state.*.test.ts): a desk
// with small bounds, fresh, after a read of the record, or seeded with the page's record.
import {
  initialSaleDesk,
  nextSaleDesk,
  type SaleDeskEffect,
  type SaleDeskState,
} from '../sale-desk-state';
import { auction1, catalogueOf, tt } from './sale-desk-fixtures';

export const limits = { refreshAfterMs: 5_000, maxLiveMessages: 3 };
export const load: SaleDeskEffect = { type: 'load-catalogue' };
export const publish: SaleDeskEffect = { type: 'publish' };
export const flagsSoon: SaleDeskEffect = { type: 'schedule-flags-read' };
export const cancelFlags: SaleDeskEffect = { type: 'cancel-flags-read' };

export const fresh = () => initialSaleDesk(limits);
/** A desk whose read of `auction-1` (lots 1 and 2) reached `tt(5)`, answered at 1,000 ms. */
export function read(changes: Partial<SaleDeskState> = {}): SaleDeskState {
  const state = fresh();
  nextSaleDesk(state, { type: 'refresh', at: 1_000 });
  nextSaleDesk(state, {
    type: 'catalogue-read',
    loaded: catalogueOf([auction1()], tt(5)),
    generation: 0,
  });
  nextSaleDesk(state, { type: 'catalogue-settled', generation: 0 });
  return Object.assign(state, changes);
}
export const seeded = () => {
  const state = fresh();
  nextSaleDesk(state, { type: 'seed', loaded: catalogueOf([auction1()], tt(5)) });
  return state;
};
