'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { memo } from 'react';
import type { Sale } from '@/lib/sales/lot';
import { hammerCurrencies, sameFigures, type SaleFigures } from '@/lib/sales/sale-view';
import { HammerFigure } from './hammer-figure';

/** The focused sale's figures, each saying exactly what it sums (docs/product-contract.md §11). */
export const SaleKpis = memo(
  function SaleKpis({ sale, figures }: { sale: Sale | undefined; figures: SaleFigures }) {
    const t = useTranslations('SaleDesk');
    const tLive = useTranslations('LiveDashboard');
    const format = useFormatter();
    const currencies = hammerCurrencies(sale, figures);

    return (
      <section className="kpis" aria-label={tLive('kpisTitle')}>
        <dl>
          <div className="kpi">
            <dt>{tLive('bidsLastMinute')}</dt>
            <dd data-testid="sale-bids-last-minute">{format.number(figures.bidsLastMinute)}</dd>
          </div>
          <div className="kpi">
            <dt>{tLive('openLots')}</dt>
            <dd>{format.number(figures.openLots)}</dd>
          </div>
          <div className="kpi">
            <dt>{t('soldLotsLabel')}</dt>
            <dd>{format.number(figures.soldLots)}</dd>
          </div>
          {/* One per currency of the catalogue, named from the start, as in the sales list; a
              sale the catalogue lacks keeps the figure's place with no currency yet. */}
          {(currencies.length > 0 ? currencies : ['—']).map((currency) => (
            <div className="kpi" key={currency}>
              <dt>{t('hammerTotal', { currency })}</dt>
              <dd>
                <HammerFigure figures={figures} currency={currency} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
    );
  },
  (a, b) => a.sale === b.sale && sameFigures(a.figures, b.figures),
);
