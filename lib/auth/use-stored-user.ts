'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { storedValuesChangedEvent } from '@/lib/storage/stored-values';
import { parseStoredUser, readStoredUserText, type StoredUser } from './stored-user';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(storedValuesChangedEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(storedValuesChangedEvent, onChange);
  };
}

/** The signed-in user this browser remembers, live across tabs; null on the server. */
export function useStoredUser(): StoredUser | null {
  const raw = useSyncExternalStore(subscribe, readStoredUserText, () => null);
  return useMemo(() => parseStoredUser(raw), [raw]);
}
