'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { lotHref, reserveKey } from './sale-labels';

type Filter = 'all' | 'open' | 'closed';
const filters: Filter[] = ['all', 'open', 'closed'];
const filterKey = { all: 'filterAll', open: 'filterOpen', closed: 'filterClosed' } as const;

/** `m:ss` (or `h:mm:ss`) left until `closesAt`; the clerk reads it at a glance. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The focused sale's lots in running order (lot number): rows keep their place as bids arrive,
 * so a clerk's eye stays on the lot it follows (docs/product-contract.md §11).
 */
export function SaleLotBoard({ rows }: { rows: readonly SaleLotRow[] }) {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<Filter>('all');
  const [now, setNow] = useState(() => Date.now());

  // Countdowns and "time since the last bid" move every second, bids or not.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  // A catalogued lot past its scheduled close that this browser never saw open has closed.
  const phaseOf = (row: SaleLotRow) =>
    row.phase === 'upcoming' && row.closesAt !== null && Date.parse(row.closesAt) <= now
      ? 'closed'
      : row.phase;
  const shown = rows.filter((row) => filter === 'all' || phaseOf(row) === filter);
  // Lot links are not prefetched: a board of 50 lots would fetch 50 views of this same page
  // while the earlier bids load, on the clerk's phone.
  const cell = (row: SaleLotRow) => ({
    number: row.lotNumber === null ? t('noValue') : String(row.lotNumber),
    estimate:
      row.lowEstimate === null || row.highEstimate === null
        ? t('noValue')
        : t('estimateRange', {
            low: formatMoney(row.lowEstimate, row.currency),
            high: formatMoney(row.highEstimate, row.currency),
          }),
    highBid: row.highBid === null ? t('noValue') : formatMoney(row.highBid, row.currency),
    leader: row.leader ?? t('noValue'),
    reserve: row.reserve === null ? t('reserveUnknown') : t(reserveKey[row.reserve]),
    lastBid:
      row.lastBidAt === null
        ? t('noValue')
        : format.relativeTime(row.lastBidAt, Math.max(now, row.lastBidAt)),
    // A known close counts down from the catalogue on, before the lot opens too.
    closes:
      phaseOf(row) === 'closed' || row.closesAt === null
        ? t('noValue')
        : Date.parse(row.closesAt) > now
          ? t('closesIn', { time: clock(Date.parse(row.closesAt) - now) })
          : t('closingNow'),
    status:
      phaseOf(row) === 'upcoming'
        ? t('upcoming')
        : phaseOf(row) === 'open'
          ? tLive('open')
          : tLive('closed'),
  });

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
      {shown.length === 0 ? (
        <p className="empty">{t('boardEmpty')}</p>
      ) : isMobile ? (
        <ul className="lot-cards">
          {shown.map((row) => {
            const c = cell(row);
            return (
              <li
                key={row.key}
                className="lot-card"
                data-testid="board-lot"
                data-lot-id={row.lotId}
                data-flagged={row.flags > 0 || undefined}
              >
                <p className="lot-card__title">
                  {row.lotNumber === null
                    ? t('unnumbered')
                    : t('lotNumber', { number: row.lotNumber })}{' '}
                  ·{' '}
                  <Link href={lotHref(row.auctionId, row.lotId)} prefetch={false}>
                    {row.lotTitle}
                  </Link>
                  {row.flags > 0 && (
                    <span className="flag-badge"> {t('flagged', { count: row.flags })}</span>
                  )}
                </p>
                <p>
                  {t('estimate')}: {c.estimate}
                </p>
                <p>
                  {tLive('highBid')}: {c.highBid} · {tLive('bidCount')}: {row.bidCount} ·{' '}
                  {tLive('leader')}: {c.leader}
                </p>
                <p>
                  {t('reserve')}: {c.reserve} · {t('lastBid')}: {c.lastBid}
                </p>
                <p>
                  {c.status} · {t('closes')}: {c.closes}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
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
            {shown.map((row) => {
              const c = cell(row);
              return (
                <tr
                  key={row.key}
                  data-testid="board-lot"
                  data-lot-id={row.lotId}
                  data-flagged={row.flags > 0 || undefined}
                >
                  <td>{c.number}</td>
                  <th scope="row">
                    <Link href={lotHref(row.auctionId, row.lotId)} prefetch={false}>
                      {row.lotTitle}
                    </Link>
                    {row.flags > 0 && (
                      <span className="flag-badge"> {t('flagged', { count: row.flags })}</span>
                    )}
                  </th>
                  <td>{c.estimate}</td>
                  <td>{c.highBid}</td>
                  <td>{row.bidCount}</td>
                  <td>{c.leader}</td>
                  <td data-reserve={row.reserve ?? undefined}>{c.reserve}</td>
                  <td>{c.lastBid}</td>
                  <td>{c.closes}</td>
                  <td>{c.status}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
