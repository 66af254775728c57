'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { memo } from 'react';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';
import type { SaleDeskSnapshot } from '@/lib/realtime/sale-desk-store';
import type { Sale } from '@/lib/sales/lot';
import {
  hammerCurrencies,
  sameFigures,
  saleBoard,
  saleFigures,
  type SaleFigures,
} from '@/lib/sales/sale-view';
import { saleHref } from './sale-labels';
import { HammerFigure } from './hammer-figure';

interface SaleItemProps {
  sale: Sale;
  figures: SaleFigures;
}

// The figures are computed again on every frame that brings a bid; the item renders again only
// when they read differently. Each figure has a line of its own and a line never wraps, so an item
// keeps its height whatever the numbers say: a figure growing a digit moves none of the sales, nor
// the cards below them (a grid row is as tall as its tallest item).
const SaleItem = memo(
  function SaleItem({ sale, figures }: SaleItemProps) {
    const t = useTranslations('SaleDesk');
    const currencies = hammerCurrencies(sale, figures);
    return (
      <li className="sale-item" data-testid="sale">
        <Link href={saleHref(sale.auctionId)} className="sale-item__title">
          {sale.saleTitle}
        </Link>
        <ul className="sale-item__lines">
          <li>{t('saleOpenLots', { count: figures.openLots })}</li>
          <li>{t('saleBidsLastMinute', { count: figures.bidsLastMinute })}</li>
          <li>{t('saleSoldLots', { count: figures.soldLots })}</li>
        </ul>
        <dl className="sale-item__lines">
          {currencies.map((currency) => (
            <div key={currency}>
              <dt>{t('hammerTotal', { currency })}</dt>
              <dd>
                <HammerFigure figures={figures} currency={currency} />
              </dd>
            </div>
          ))}
        </dl>
      </li>
    );
  },
  (a: SaleItemProps, b: SaleItemProps) => a.sale === b.sale && sameFigures(a.figures, b.figures),
);

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
              records: desk.records,
              flags: [],
            });
            const figures = saleFigures(rows, snapshot.saleRates.get(sale.auctionId), now);
            return <SaleItem key={sale.auctionId} sale={sale} figures={figures} />;
          })}
        </ul>
      )}
    </section>
  );
}
