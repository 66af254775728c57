'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { BoardCard, BoardRow, NowContext } from './sale-lot-row';
import { useNowEvery } from './use-now-every';

type Filter = 'all' | 'open' | 'closed';
const filters: Filter[] = ['all', 'open', 'closed'];
const filterKey = { all: 'filterAll', open: 'filterOpen', closed: 'filterClosed' } as const;

/** A sale with more lots than this opens its board at its first open lot. */
export const boardScrollFrom = 20;

/** `&show=open|closed` (docs/product-contract.md §13): the filter survives a reload and a link. */
function useShowFilter(): [Filter, (next: Filter) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const show = params.get('show');
  const filter: Filter = show === 'open' || show === 'closed' ? show : 'all';
  const choose = (next: Filter) => {
    const query = new URLSearchParams(params);
    if (next === 'all') query.delete('show');
    else query.set('show', next);
    router.replace(`${pathname}?${query.toString()}`, { scroll: false });
  };
  return [filter, choose];
}

/**
 * Once per sale, a long board is scrolled to its first open lot: where the sale is, not its
 * first lots sold hours ago.
 */
function useOpenAtFirstOpenLot(rows: readonly SaleLotRow[], enabled: boolean) {
  const scrolledFor = useRef<string | null>(null);
  const first = rows.find((row) => row.phase === 'open');
  const auctionId = rows[0]?.auctionId ?? null;
  useEffect(() => {
    if (auctionId === null || scrolledFor.current === auctionId) return;
    // Once, at the board's first sight (its lots come with their state in one read): a panel
    // closed later, a filter changed or a lot opening later never makes the board jump.
    scrolledFor.current = auctionId;
    if (!enabled || !first || rows.length <= boardScrollFrom) return;
    document
      .querySelector(`.board [data-lot-id="${CSS.escape(first.lotId)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [enabled, first, auctionId, rows.length]);
}

/**
 * The focused sale's lots in running order (lot number): rows keep their place as bids arrive,
 * so a clerk's eye stays on the lot it follows (docs/product-contract.md §11).
 */
export function SaleLotBoard({
  rows,
  lotPanelOpen = false,
}: {
  rows: readonly SaleLotRow[];
  /** The lot panel has the reader's focus: the board stays where it is. */
  lotPanelOpen?: boolean;
}) {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  const isMobile = useIsMobile();
  const [filter, setFilter] = useShowFilter();
  useOpenAtFirstOpenLot(rows, !lotPanelOpen);
  // Countdowns and "time since the last bid" move every second, bids or not.
  const now = useNowEvery(1000);

  const phaseOf = (row: SaleLotRow) => row.phase;
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
