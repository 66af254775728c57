'use client';

import { useSyncExternalStore } from 'react';
import { browserStores } from './stores';
import type { SaleDeskSnapshot } from './sale-desk-store';

/** The catalogue, lot states and flags as React sees them: one snapshot per frame at most. */
export function useSaleDesk(): SaleDeskSnapshot {
  const { saleDesk } = browserStores();
  return useSyncExternalStore(saleDesk.subscribe, saleDesk.getSnapshot, saleDesk.getSnapshot);
}
