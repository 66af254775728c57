'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { createContext, memo, use, type ReactNode } from 'react';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { sameRow, type LotPhase, type SaleLotRow } from '@/lib/sales/sale-view';
import { lotHref, reserveKey } from './sale-labels';

// One lot of the sale focus's board (sale-lot-board.tsx), as a table row or, on a phone, a card.
// Each renders again only when its own figures change.

/** `m:ss` (or `h:mm:ss`) left until `closesAt`; the clerk reads it at a glance. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// The board's clock, read only by the two cells that change with it: a tick re-renders those
// cells, not the 50 rows around them (a row re-renders when its own figures change).
export const NowContext = createContext(0);

/** "Time since the last bid", moving on every second. */
function LastBid({ at }: { at: number | null }) {
  const t = useTranslations('SaleDesk');
  const format = useFormatter();
  const now = use(NowContext);
  // Short ("12 sec. ago", "il y a 12 s"): it changes every second and must not wrap a row.
  return at === null
    ? t('noValue')
    : format.relativeTime(at, { now: Math.max(now, at), style: 'short' });
}

/**
 * The countdown to a known close, from the catalogue on, before the lot opens too; past it, an
 * open lot is closing and a lot still to come is late by as much.
 */
function Closes({ closesAt, phase }: { closesAt: string | null; phase: LotPhase }) {
  const t = useTranslations('SaleDesk');
  const now = use(NowContext);
  if (phase === 'closed' || closesAt === null) return t('noValue');
  const closesAtMs = Date.parse(closesAt);
  if (closesAtMs > now) return t('closesIn', { time: clock(closesAtMs - now) });
  return phase === 'upcoming'
    ? t('closesLate', { time: clock(now - closesAtMs) })
    : t('closingNow');
}

interface RowProps {
  row: SaleLotRow;
  /** The row's phase as of the board's clock (`phaseAt`: an upcoming lot skipped has closed). */
  phase: LotPhase;
}

const sameRowProps = (a: RowProps, b: RowProps) => a.phase === b.phase && sameRow(a.row, b.row);

/** A lot's phase in words: not open yet, open, closed. */
export function usePhaseText(): (phase: LotPhase) => string {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  return (phase) =>
    phase === 'upcoming' ? t('upcoming') : phase === 'open' ? tLive('open') : tLive('closed');
}

/** What both layouts show of a row, in the current language. */
function useCells({ row, phase }: RowProps) {
  const t = useTranslations('SaleDesk');
  const formatMoney = useFormatMoney();
  const phaseText = usePhaseText();
  return {
    title: (
      <span className="lot-title">
        {/* Lot links are not prefetched: a board of 50 lots would fetch 50 views of this same
            page while the earlier bids load, on the clerk's phone. The title in full on hover:
            a wide board cuts it short rather than wrap it. */}
        <Link href={lotHref(row.auctionId, row.lotId)} prefetch={false} title={row.lotTitle}>
          {row.lotTitle}
        </Link>
        {row.flags > 0 && <span className="flag-badge"> {t('flagged', { count: row.flags })}</span>}
      </span>
    ),
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
    status:
      row.status === 'sold' ? (
        <span data-status="sold">
          {row.hammer === null || row.buyer === null
            ? t('statusSoldUnpriced')
            : t('statusSold', { price: formatMoney(row.hammer, row.currency), paddle: row.buyer })}
        </span>
      ) : row.status === 'passed' ? (
        <span data-status="passed">{t('statusPassed')}</span>
      ) : (
        phaseText(phase)
      ),
  };
}

export const BoardRow = memo(function BoardRow(props: RowProps) {
  const t = useTranslations('SaleDesk');
  const { row, phase } = props;
  const c = useCells(props);
  return (
    <tr data-testid="board-lot" data-lot-id={row.lotId} data-flagged={row.flags > 0 || undefined}>
      <td>{row.lotNumber === null ? t('noValue') : String(row.lotNumber)}</td>
      <th scope="row">{c.title}</th>
      <td>{c.estimate}</td>
      <td>{c.highBid}</td>
      <td>{row.bidCount}</td>
      <td>{c.leader}</td>
      <td data-reserve={row.reserve ?? undefined}>{c.reserve}</td>
      <td className="board__clock">
        <LastBid at={row.lastBidAt} />
      </td>
      <td className="board__clock">
        <Closes closesAt={row.closesAt} phase={phase} />
      </td>
      <td>{c.status}</td>
    </tr>
  );
}, sameRowProps);

/** A card's figure: its label above its value, the value on one line whatever its length. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lot-card__figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A lot on a phone. Its figures sit in a grid of two columns, each value on one line: a time, a
 * leader or a high bid changing length never makes the card taller and moves the lots below it
 * (the estimate, which the catalogue fixes, may wrap).
 */
export const BoardCard = memo(function BoardCard(props: RowProps) {
  const t = useTranslations('SaleDesk');
  const tLive = useTranslations('LiveDashboard');
  const { row, phase } = props;
  const c = useCells(props);
  return (
    <li
      className="lot-card"
      data-testid="board-lot"
      data-lot-id={row.lotId}
      data-flagged={row.flags > 0 || undefined}
    >
      <p className="lot-card__title">
        {row.lotNumber === null ? t('unnumbered') : t('lotNumber', { number: row.lotNumber })} ·{' '}
        {c.title}
      </p>
      <dl className="lot-card__figures">
        <Figure label={tLive('status')}>{c.status}</Figure>
        <Figure label={t('closes')}>
          <Closes closesAt={row.closesAt} phase={phase} />
        </Figure>
        <Figure label={tLive('highBid')}>{c.highBid}</Figure>
        <Figure label={tLive('leader')}>{c.leader}</Figure>
        <Figure label={tLive('bidCount')}>{row.bidCount}</Figure>
        <Figure label={t('reserve')}>{c.reserve}</Figure>
        <Figure label={t('lastBid')}>
          <LastBid at={row.lastBidAt} />
        </Figure>
        <Figure label={t('estimate')}>{c.estimate}</Figure>
      </dl>
    </li>
  );
}, sameRowProps);
