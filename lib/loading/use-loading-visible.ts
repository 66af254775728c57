'use client';

import { useSyncExternalStore } from 'react';
import { loadingStore } from './loading-store';

const serverSnapshot = () => false;

export function useLoadingVisible(): boolean {
  return useSyncExternalStore(loadingStore.subscribe, loadingStore.isVisible, serverSnapshot);
}
