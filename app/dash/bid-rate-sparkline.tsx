'use client';

import { useTranslations } from 'next-intl';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';

const bucketSeconds = 10;
const width = 300;
const height = 48;

/**
 * Bids per 10 seconds over the last 5 minutes, drawn as a line; summarised in text for everyone.
 * Every sale's bids: in a sale's focus the title says so (the sale's own figures are above it).
 */
export function BidRateSparkline({
  snapshot,
  inSaleFocus = false,
}: {
  snapshot: BidStoreSnapshot;
  inSaleFocus?: boolean;
}) {
  const t = useTranslations('LiveDashboard');
  const perBucket: number[] = [];
  for (let index = 0; index < snapshot.ratePerSecond.length; index += bucketSeconds) {
    perBucket.push(
      snapshot.ratePerSecond
        .slice(index, index + bucketSeconds)
        .reduce((sum, count) => sum + count, 0),
    );
  }
  const peak = Math.max(1, ...perBucket);
  const total = perBucket.reduce((sum, count) => sum + count, 0);
  const step = width / Math.max(1, perBucket.length - 1);
  const points = perBucket.map(
    (count, index) =>
      `${(index * step).toFixed(1)},${(height - (count / peak) * (height - 4) - 2).toFixed(1)}`,
  );

  return (
    <section className="card sparkline" aria-labelledby="rate-title">
      <h2 id="rate-title">{t(inSaleFocus ? 'rateTitleEverySale' : 'rateTitle')}</h2>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('rateSummary', { count: total, peak: Math.max(...perBucket, 0) })}
        preserveAspectRatio="none"
      >
        <polyline
          points={points.join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="sparkline__summary">
        {t('rateSummary', { count: total, peak: Math.max(...perBucket, 0) })}
      </p>
    </section>
  );
}
