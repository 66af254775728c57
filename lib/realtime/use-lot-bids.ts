'use client';

import { useEffect, useMemo, useState } from 'react';
import { loadRecordedLotBids } from '@/lib/sales/load-lot-bids';
import { mergeLotBids } from '@/lib/sales/lot-ladder';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';

export type OlderBids = 'not-needed' | 'loading' | 'loaded' | 'failed';

/**
 * Every bid of one lot for the lot panel (docs/product-contract.md §11): the ones the store's
 * window holds, and, when the board counts more, the older ones read from the console's record.
 */
export function useLotBids({
  auctionId,
  lotId,
  lotTitle,
  held,
  counted,
}: {
  auctionId: string;
  lotId: string;
  lotTitle: string;
  /** This lot's bids in the store's window, newest first. */
  held: readonly StoredBid[];
  /** How many bids the board counts on this lot. */
  counted: number;
}): { bids: StoredBid[]; older: OlderBids; retry: () => void } {
  const needed = held.length < counted;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; bids: StoredBid[] | 'failed' } | null>(null);
  const key = `${attempt}:${JSON.stringify([auctionId, lotId])}`;

  useEffect(() => {
    if (!needed) return;
    const reading = new AbortController();
    loadRecordedLotBids({ auctionId, lotId, lotTitle }, counted, { signal: reading.signal }).then(
      (bids) => !reading.signal.aborted && setLoaded({ key, bids }),
      () => !reading.signal.aborted && setLoaded({ key, bids: 'failed' }),
    );
    return () => reading.abort();
    // `counted` grows with every live bid, which the store's window holds: no new reading for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, key]);

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
