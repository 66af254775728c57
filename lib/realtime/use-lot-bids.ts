'use client';

import { useEffect, useMemo, useState } from 'react';
import type { StoredBid } from './bid-store';
import { loadLotBids, mergeLotBids, type HistoryPage } from './history-pages';

export type OlderBids = 'not-needed' | 'loading' | 'loaded' | 'failed';

/**
 * Every bid of one lot for the lot panel (docs/product-contract.md §11): the ones the store's
 * window holds, and, when the lot board has counted more, the older ones read from history.
 */
export function useLotBids({
  auctionId,
  lotId,
  held,
  counted,
  history,
}: {
  auctionId: string;
  lotId: string;
  /** This lot's bids in the store's window, newest first. */
  held: readonly StoredBid[];
  /** How many bids the lot board counted on this lot. */
  counted: number;
  history: HistoryPage;
}): { bids: StoredBid[]; older: OlderBids; retry: () => void } {
  const needed = held.length < counted;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; bids: StoredBid[] | 'failed' } | null>(null);
  const key = `${attempt}:${JSON.stringify([auctionId, lotId])}`;

  useEffect(() => {
    if (!needed) return;
    let cancelled = false;
    loadLotBids(
      history,
      { auctionId, lotId, want: counted },
      { isCancelled: () => cancelled },
    ).then(
      (bids) => !cancelled && setLoaded({ key, bids }),
      () => !cancelled && setLoaded({ key, bids: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
    // `counted` grows with every live bid, which the store's window holds: no new reading for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, key, history]);

  const fromHistory = loaded?.key === key ? loaded.bids : null;
  const bids = useMemo(
    () => (Array.isArray(fromHistory) ? mergeLotBids(held, fromHistory) : [...held]),
    [held, fromHistory],
  );
  const older: OlderBids = !needed
    ? 'not-needed'
    : fromHistory === null
      ? 'loading'
      : fromHistory === 'failed'
        ? 'failed'
        : 'loaded';
  return { bids, older, retry: () => setAttempt((n) => n + 1) };
}
