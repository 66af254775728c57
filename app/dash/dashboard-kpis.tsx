'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';
import { fromMinorUnits } from '@/lib/sale-desk/money';
import { countSince } from '@/lib/sales/rate-buckets';
import { lotStatus, type LotRecord } from '@/lib/sale-desk/lot-record';
import { openLotCount } from '@/lib/sales/sale-view';

/**
 * Bids in the last minute, open lots (bid on or not: the sales' own counts add up to it), and per
 * currency the sum of the high bids on lots still open: what the room is bidding now (a closed
 * lot's hammer is in the sales' figures).
 */
export function DashboardKpis({
  snapshot,
  records,
  now,
}: {
  snapshot: BidStoreSnapshot;
  /** Every lot's state now (the sale desk's `records`). */
  records: ReadonlyMap<string, LotRecord>;
  now: number;
}) {
  const t = useTranslations('LiveDashboard');
  const format = useFormatter();
  const { ratePerSecond, rateEndsAt, connection } = snapshot;
  const lastMinute = countSince(ratePerSecond, rateEndsAt, now - 60_000);
  const volumes = new Map<string, number>();
  for (const lot of records.values())
    if (lotStatus(lot) === 'open' && lot.highBid !== null && lot.currency !== null)
      volumes.set(lot.currency, (volumes.get(lot.currency) ?? 0) + lot.highBid);

  return (
    <section className="kpis" aria-label={t('kpisTitle')}>
      <dl>
        <div className="kpi">
          <dt>{t('bidsLastMinute')}</dt>
          <dd data-testid="bids-last-minute">{format.number(lastMinute)}</dd>
        </div>
        <div className="kpi">
          <dt>{t('openLots')}</dt>
          <dd data-testid="open-lots">{format.number(openLotCount(records))}</dd>
        </div>
        {volumes.size === 0 ? (
          <div className="kpi">
            <dt>{t('volumeNone')}</dt>
            <dd data-testid="open-high-bids">
              {connection === 'connecting' ? t('volumeWaiting') : t('noVolume')}
            </dd>
          </div>
        ) : (
          // In currency order: a bid never moves a figure to another place.
          [...volumes]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([currency, total]) => (
              <div className="kpi" key={currency}>
                <dt>{t('volume', { currency })}</dt>
                <dd>
                  {format.number(fromMinorUnits(total, currency), {
                    style: 'currency',
                    currency,
                    maximumFractionDigits: 0,
                  })}
                </dd>
              </div>
            ))
        )}
      </dl>
    </section>
  );
}
