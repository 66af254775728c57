'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { phaseAt } from './sale-labels';
import { BoardCard, BoardRow, NowContext } from './sale-lot-row';
import { useNowEvery } from './use-now-every';

type Filter = 'all' | 'open' | 'closed';
const filters: Filter[] = ['all', 'open', 'closed'];
const filterKey = { all: 'filterAll', open: 'filterOpen', closed: 'filterClosed' } as const;

/**
 * The focused sale's lots in running order (lot number): rows keep their place as bids arrive,
 * so a clerk's eye stays on the lot it follows (docs/product-contract.md §11).
 */
export function SaleLotBoard({ rows }: { rows: readonly SaleLotRow[] }) {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<Filter>('all');
  // Countdowns and "time since the last bid" move every second, bids or not.
  const now = useNowEvery(1000);

  const phaseOf = (row: SaleLotRow) => phaseAt(row, now);
  const shown = rows.filter((row) => filter === 'all' || phaseOf(row) === filter);

  return (
    <section className="card lots board" aria-labelledby="board-title">
      <div className="card__header">
        <h2 id="board-title">{t('boardTitle')}</h2>
        <div className="actions" role="group" aria-label={t('filterLabel')}>
          {filters.map((value) => (
            <button
              key={value}
              type="button"
              className="button-secondary"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {t(filterKey[value])}
            </button>
          ))}
        </div>
      </div>
      <NowContext value={now}>
        {shown.length === 0 ? (
          <p className="empty">{t('boardEmpty')}</p>
        ) : isMobile ? (
          <ul className="lot-cards">
            {shown.map((row) => (
              <BoardCard key={row.key} row={row} phase={phaseOf(row)} />
            ))}
          </ul>
        ) : (
          // Scrolls sideways inside its card where the card is narrower than the ten columns.
          <div className="board__scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('number')}</th>
                  <th scope="col">{t('title')}</th>
                  <th scope="col">{t('estimate')}</th>
                  <th scope="col">{tLive('highBid')}</th>
                  <th scope="col">{tLive('bidCount')}</th>
                  <th scope="col">{tLive('leader')}</th>
                  <th scope="col">{t('reserve')}</th>
                  <th scope="col">{t('lastBid')}</th>
                  <th scope="col">{t('closes')}</th>
                  <th scope="col">{tLive('status')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <BoardRow key={row.key} row={row} phase={phaseOf(row)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </NowContext>
    </section>
  );
}
