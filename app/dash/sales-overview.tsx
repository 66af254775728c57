'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';
import type { SaleDeskSnapshot } from '@/lib/realtime/sale-desk-store';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { saleBoard, saleFigures } from '@/lib/sales/sale-view';
import { saleHref } from './sale-labels';

/** Every sale of the catalogue with its live figures; each links to its focus (`?sale=ID`). */
export function SalesOverview({
  snapshot,
  desk,
  now,
}: {
  snapshot: BidStoreSnapshot;
  desk: SaleDeskSnapshot;
  now: number;
}) {
  const t = useTranslations('SaleDesk');
  const formatMoney = useFormatMoney();

  return (
    <section className="card sales" aria-labelledby="sales-title">
      <h2 id="sales-title">{t('salesTitle')}</h2>
      {desk.sales.length === 0 ? (
        <p className="empty">{t('salesEmpty')}</p>
      ) : (
        <ul className="sale-list">
          {desk.sales.map((sale) => {
            const rows = saleBoard({
              sale,
              auctionId: sale.auctionId,
              lots: snapshot.lots,
              lotStates: desk.lotStates,
              flags: [],
            });
            const figures = saleFigures(rows, snapshot.bids, sale.auctionId, now);
            return (
              <li key={sale.auctionId} className="sale-item" data-testid="sale">
                <Link href={saleHref(sale.auctionId)} className="sale-item__title">
                  {sale.saleTitle}
                </Link>
                <p>
                  {t('saleOpenLots', { count: figures.openLots })} ·{' '}
                  {t('saleBidsLastMinute', { count: figures.bidsLastMinute })} ·{' '}
                  {t('saleSoldLots', { count: figures.soldLots })}
                </p>
                <p>
                  {figures.hammer.size === 0
                    ? t('noHammer')
                    : [...figures.hammer]
                        .map(
                          ([currency, total]) =>
                            `${t('hammerTotal', { currency })}: ${formatMoney(total, currency)}`,
                        )
                        .join(' · ')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
