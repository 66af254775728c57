'use client';

import { useTranslations } from 'next-intl';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';

/**
 * The connection chip, the watching count and the first load's earlier bids: what the page shows
 * from its first frame. What comes later (a reconnect's replay, messages not shown) is in
 * `LiveNotices`, below the live content, so it never pushes that content down (ADR 17).
 */
export function ConnectionStatus({
  snapshot,
  onRetry,
  onRestart,
}: {
  snapshot: BidStoreSnapshot;
  onRetry: () => void;
  /** Loads the earlier bids again (the live view starts over). */
  onRestart: () => void;
}) {
  const t = useTranslations('LiveDashboard');
  const { connection, watching, earlier } = snapshot;
  const canRetry = connection === 'offline' || connection === 'denied';

  return (
    <section className="connection-status" aria-label={t('connectionLabel')}>
      <p role="status" className="connection-chip" data-state={connection}>
        <span className="connection-chip__dot" aria-hidden="true" />
        {t(connection)}
      </p>
      {canRetry && (
        <button type="button" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
      <p className="watching" data-testid="watching">
        {watching === null ? t('watchingUnknown') : t('watching', { count: watching })}
      </p>
      {earlier.state !== 'waiting' && (
        <p className="earlier" role="status" data-testid="earlier-bids" data-state={earlier.state}>
          {earlier.state === 'loading' && t('earlierLoading')}
          {earlier.state === 'loaded' && t('earlierLoaded', { count: earlier.bids })}
          {earlier.state === 'failed' && t('earlierFailed')}
        </p>
      )}
      {earlier.state === 'failed' && (
        <button type="button" onClick={onRestart}>
          {t('earlierRetry')}
        </button>
      )}
    </section>
  );
}
