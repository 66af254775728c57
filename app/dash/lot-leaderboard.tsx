'use client';

import { useTranslations } from 'next-intl';
import type { LotSummary } from '@/lib/realtime/bid-store';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import type { BidLabel } from './live-feed';

const shownLots = 12;

/** Per lot: high bid, number of bids, leader; a table when wide, cards at 700px and below. */
export function LotLeaderboard({
  lots,
  labelOf = () => ({}),
}: {
  lots: readonly LotSummary[];
  labelOf?: BidLabel;
}) {
  const t = useTranslations('LiveDashboard');
  const tDesk = useTranslations('SaleDesk');
  // Lot number and sale beside the title: two sales may offer lots of the same title (§11).
  const lotText = (lot: LotSummary) => {
    const { lotNumber, saleTitle } = labelOf(lot);
    return tDesk('bidLot', {
      lot:
        lotNumber === undefined ? tDesk('unnumbered') : tDesk('lotNumber', { number: lotNumber }),
      title: lot.lotTitle,
      sale: saleTitle ?? lot.auctionId,
    });
  };
  const formatMoney = useFormatMoney();
  const isMobile = useIsMobile();
  const visible = lots.slice(0, shownLots);
  const money = (lot: LotSummary) => formatMoney(lot.highBid, lot.currency);

  return (
    <section className="card lots" aria-labelledby="lots-title">
      <h2 id="lots-title">{t('lotsTitle')}</h2>
      {visible.length === 0 ? (
        <p className="empty">{t('lotsEmpty')}</p>
      ) : isMobile ? (
        <ul className="lot-cards">
          {visible.map((lot) => (
            <li key={lot.key} className="lot-card">
              <p className="lot-card__title">{lotText(lot)}</p>
              <p>
                {t('highBid')}: {money(lot)} · {t('bidCount')}: {lot.bidCount}
              </p>
              <p>
                {t('leader')}: {lot.leader} · {lot.closed ? t('closed') : t('open')}
              </p>
            </li>
          ))}
        </ul>
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
          <tbody>
            {visible.map((lot) => (
              <tr key={lot.key}>
                <th scope="row">{lotText(lot)}</th>
                <td>{money(lot)}</td>
                <td>{lot.bidCount}</td>
                <td>{lot.leader}</td>
                <td>{lot.closed ? t('closed') : t('open')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
