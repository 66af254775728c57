'use client';

import { useSyncExternalStore } from 'react';
import type { BidStoreSnapshot } from './bid-store';
import { browserStores } from './stores';

/** The live bids as React sees them: at most one new snapshot per animation frame. */
export function useBidStore(): BidStoreSnapshot {
  const { bidStore } = browserStores();
  return useSyncExternalStore(bidStore.subscribe, bidStore.getSnapshot, bidStore.getSnapshot);
}
