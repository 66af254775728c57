'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import { useLotBids } from '@/lib/realtime/use-lot-bids';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { lotLadder } from '@/lib/sales/lot-ladder';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { reserveKey, saleHref } from './sale-labels';
import { usePhaseText } from './sale-lot-row';
import { useNowEvery } from './use-now-every';

/**
 * Open or not yet, with the scheduled close as a time of day (the board has the countdown); once
 * that time has passed and no close has come, an open lot is closing and a lot still to come was
 * due then. On the board's clock (every second): the panel and the lot's row turn together.
 */
function LotStatus({ row }: { row: SaleLotRow }) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const phaseText = usePhaseText();
  const now = useNowEvery(1000);
  const phase = row.phase;
  if (phase === 'closed' || row.closesAt === null) return phaseText(phase);
  const closesAt = new Date(row.closesAt);
  const values = {
    status: phaseText(phase),
    time: format.dateTime(closesAt, { timeStyle: 'medium' }),
  };
  if (closesAt.getTime() > now) return t('lotStatusCloses', values);
  return phase === 'upcoming'
    ? t('lotStatusLate', values)
    : t('lotStatusClosing', { status: values.status });
}

/**
 * `?sale=ID&lot=LOT` (docs/product-contract.md §11): one lot's bid ladder (newest first, with the
 * increment over the bid before), leader and underbidder, estimate band and reserve state. The
 * bids the store's window holds, and the older ones from the console's record when the board counts
 * more.
 */
export function LotPanel({
  auctionId,
  lotId,
  row,
  catalogueLoaded,
  bids: saleBids,
}: {
  auctionId: string;
  lotId: string;
  row: SaleLotRow | undefined;
  /** Without a catalogue, a lot nobody bid on is unknown, not missing from the catalogue. */
  catalogueLoaded: boolean;
  /** The sale's bids the store holds, newest first. */
  bids: readonly StoredBid[];
}) {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const held = saleBids.filter((bid) => bid.auctionId === auctionId && bid.lotId === lotId);
  const counted = row?.bidCount ?? 0;
  const { bids, older, retry } = useLotBids({
    auctionId,
    lotId,
    lotTitle: row?.lotTitle ?? lotId,
    held,
    counted,
  });
  const { steps, leader, underbidder } = lotLadder(
    bids,
    auctionId,
    lotId,
    row?.closedTimetoken ?? null,
  );
  const lotName =
    row?.lotNumber == null ? t('unnumbered') : t('lotNumber', { number: row.lotNumber });
  const heading = useRef<HTMLHeadingElement>(null);
  const closeLink = useRef<HTMLAnchorElement>(null);
  // Opened from the board, by pointer or keyboard, the reader lands in the panel; Escape then
  // closes it as its link does (sale-focus.tsx returns the focus to the lot's row).
  useEffect(() => heading.current?.focus(), []);
  const paddleText = (bid: StoredBid | null) =>
    bid ? `${bid.bidder}, ${formatMoney(bid.amount, bid.currency)}` : t('noValue');

  return (
    <section
      className="card lot-panel"
      aria-labelledby="lot-panel-title"
      data-testid="lot-panel"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        closeLink.current?.click();
      }}
    >
      <div className="card__header">
        <h2 id="lot-panel-title" ref={heading} tabIndex={-1}>
          {t('lotPanelTitle', { lot: lotName, title: row?.lotTitle ?? lotId })}
        </h2>
        <Link ref={closeLink} href={saleHref(auctionId)}>
          {t('closeLotPanel')}
        </Link>
      </div>
      {row === undefined ? (
        <p className="empty">{t(catalogueLoaded ? 'lotNotFound' : 'lotNotLoaded')}</p>
      ) : (
        <dl className="lot-panel__facts">
          <div>
            <dt>{tLive('leader')}</dt>
            <dd data-testid="lot-leader">{paddleText(leader)}</dd>
          </div>
          <div>
            <dt>{t('underbidder')}</dt>
            <dd data-testid="lot-underbidder">{paddleText(underbidder)}</dd>
          </div>
          <div>
            <dt>{t('estimateBand')}</dt>
            <dd>
              {row.lowEstimate === null || row.highEstimate === null
                ? t('noValue')
                : t('estimateRange', {
                    low: formatMoney(row.lowEstimate, row.currency),
                    high: formatMoney(row.highEstimate, row.currency),
                  })}
            </dd>
          </div>
          <div>
            <dt>{t('reserve')}</dt>
            <dd>{row.reserve === null ? t('reserveUnknown') : t(reserveKey[row.reserve])}</dd>
          </div>
          <div>
            <dt>{tLive('status')}</dt>
            <dd data-testid="lot-status">
              <LotStatus row={row} />
            </dd>
          </div>
        </dl>
      )}
      <h3>{t('ladderTitle')}</h3>
      {steps.length === 0 ? (
        older !== 'loading' && <p className="empty">{t('ladderEmpty')}</p>
      ) : (
        <>
          {/* Focusable: a keyboard user can scroll a long ladder. */}
          <div className="ladder" tabIndex={0} role="region" aria-label={t('ladderTitle')}>
            <ol>
              {steps.map(({ bid, increment, late }) => (
                <li key={bid.bidId} data-testid="ladder-step" data-late={late || undefined}>
                  <span>
                    <span className="visually-hidden">
                      {tLive('labelled', { label: t('paddle') })}{' '}
                    </span>
                    {bid.bidder}
                  </span>
                  <span className="ladder__amount">{formatMoney(bid.amount, bid.currency)}</span>
                  {late ? (
                    // Placed after the hammer: not part of the lot's result (its flag says so too).
                    <span className="ladder__late">{t('ladderAfterClose')}</span>
                  ) : (
                    <span>
                      <span className="visually-hidden">
                        {tLive('labelled', { label: t('increment') })}{' '}
                      </span>
                      {increment === null
                        ? t('noValue')
                        : `${increment >= 0 ? '+' : '−'}${formatMoney(Math.abs(increment), bid.currency)}`}
                    </span>
                  )}
                  <time dateTime={bid.placedAt}>
                    {format.dateTime(new Date(bid.placedAt), { timeStyle: 'medium' })}
                  </time>
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
      {older === 'loading' && (
        <p className="empty" role="status">
          {t('ladderLoadingOlder')}
        </p>
      )}
      {older === 'loaded' && bids.length < counted && (
        <p className="empty" data-testid="ladder-partial">
          {t('ladderPartial', { shown: bids.length, counted })}
        </p>
      )}
      {older === 'failed' && (
        <div className="empty" role="alert">
          <p>{t('ladderOlderFailed')}</p>
          <button type="button" onClick={retry}>
            {t('ladderOlderRetry')}
          </button>
        </div>
      )}
    </section>
  );
}
