'use client';

import { useSyncExternalStore } from 'react';
import { bidStore, type BidStoreSnapshot } from './bid-store';

/** The live bids as React sees them: at most one new snapshot per animation frame. */
export function useBidStore(): BidStoreSnapshot {
  return useSyncExternalStore(bidStore.subscribe, bidStore.getSnapshot, bidStore.getSnapshot);
}
