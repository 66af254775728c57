'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { isLotClosed, type LotSummary } from '@/lib/realtime/bid-store';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import type { BidLabel } from './live-feed';

const shownLots = 12;

interface LotRowProps {
  /** The lot board replaces a lot's summary when it changes: the same object reads the same. */
  lot: LotSummary;
  lotNumber: number | undefined;
  saleTitle: string | undefined;
  isMobile: boolean;
}

const LotRow = memo(function LotRow({ lot, lotNumber, saleTitle, isMobile }: LotRowProps) {
  const t = useTranslations('LiveDashboard');
  const tDesk = useTranslations('SaleDesk');
  const formatMoney = useFormatMoney();
  // Lot number and sale beside the title: two sales may offer lots of the same title (§11).
  const lotText = tDesk('bidLot', {
    lot: lotNumber === undefined ? tDesk('unnumbered') : tDesk('lotNumber', { number: lotNumber }),
    title: lot.lotTitle,
    sale: saleTitle ?? lot.auctionId,
  });
  const money = lot.highBid === null ? tDesk('noValue') : formatMoney(lot.highBid, lot.currency);
  const leader = lot.leader ?? tDesk('noValue');
  const status = isLotClosed(lot) ? t('closed') : t('open');

  return isMobile ? (
    <li className="lot-card">
      <p className="lot-card__title" title={lotText}>
        {lotText}
      </p>
      <p>
        {t('labelled', { label: t('highBid') })} {money} · {t('labelled', { label: t('bidCount') })}{' '}
        {lot.bidCount}
      </p>
      <p>
        {t('labelled', { label: t('leader') })} {leader} · {status}
      </p>
    </li>
  ) : (
    <tr>
      <th scope="row">
        <span className="lots__lot" title={lotText}>
          {lotText}
        </span>
      </th>
      <td>{money}</td>
      <td>{lot.bidCount}</td>
      <td>{leader}</td>
      <td>{status}</td>
    </tr>
  );
});

/** Per lot: high bid, number of bids, leader; a table when wide, cards at 700px and below. */
export function LotLeaderboard({
  lots,
  labelOf = () => ({}),
}: {
  lots: readonly LotSummary[];
  labelOf?: BidLabel;
}) {
  const t = useTranslations('LiveDashboard');
  const isMobile = useIsMobile();
  const visible = lots.slice(0, shownLots);
  const rows = visible.map((lot, rank) => {
    const { lotNumber, saleTitle } = labelOf(lot);
    return (
      <LotRow
        // Keyed by place, not by lot: the most recently bid-on lot comes first, and a row that
        // moved with its lot would shift the board under the reader at every bid; the places
        // stay and what they say changes.
        key={rank}
        lot={lot}
        lotNumber={lotNumber}
        saleTitle={saleTitle}
        isMobile={isMobile}
      />
    );
  });

  return (
    <section className="card lots leaderboard" aria-labelledby="lots-title">
      <h2 id="lots-title">{t('lotsTitle')}</h2>
      {visible.length === 0 ? (
        <p className="empty">{t('lotsEmpty')}</p>
      ) : isMobile ? (
        <ul className="lot-cards">{rows}</ul>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('lot')}</th>
              <th scope="col">{t('highBid')}</th>
              <th scope="col">{t('bidCount')}</th>
              <th scope="col">{t('leader')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      )}
    </section>
  );
}
