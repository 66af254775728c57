'use client';

import { useTranslations } from 'next-intl';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';

/**
 * What the connection says later than the first frame: how many bids a reconnect replayed, and the
 * messages not shown (invalid, undecryptable, of unknown type, duplicates). Rendered after the
 * live content: a notice that appears mid-sale adds a line at the end instead of moving the
 * figures, board and feed under the reader (ADR 17).
 */
export function LiveNotices({ snapshot }: { snapshot: BidStoreSnapshot }) {
  const t = useTranslations('LiveDashboard');
  const { replayed, counters } = snapshot;
  const dropped =
    counters.invalid + counters.undecryptable + counters.unknownType + counters.duplicates;
  if (replayed === null && dropped === 0) return null;

  return (
    <section className="live-notices" aria-label={t('noticesLabel')}>
      {replayed !== null && (
        <p className="replayed" role="status">
          {t('replayed', { count: replayed })}
        </p>
      )}
      {dropped > 0 && (
        <p className="dropped" data-testid="dropped">
          {t('dropped', {
            invalid: counters.invalid,
            undecryptable: counters.undecryptable,
            unknownType: counters.unknownType,
            duplicates: counters.duplicates,
          })}
        </p>
      )}
    </section>
  );
}
