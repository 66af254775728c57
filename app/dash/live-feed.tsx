'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { memo, useState } from 'react';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { isNewer } from '@/lib/sale-desk/timetoken';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';
import { useRowWindow } from '@/lib/viewport/use-row-window';

/** A bid's lot number and sale title, when the catalogue knows them. */
export type BidLabel = (lot: { auctionId: string; lotId: string }) => {
  lotNumber?: number;
  saleTitle?: string;
};

/**
 * One bid's cells. A new bid moves every row down (their positions change), never what a row
 * says: this part renders once per bid, not once per frame. As a phone's card the time comes
 * last, where the card shows it, so a screen reader reads the card in the order it is seen.
 */
const FeedRow = memo(function FeedRow({
  bid,
  lotNumber,
  saleTitle,
  card,
}: {
  bid: StoredBid;
  lotNumber: number | undefined;
  saleTitle: string | undefined;
  card: boolean;
}) {
  const t = useTranslations('LiveDashboard');
  const tDesk = useTranslations('SaleDesk');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  // Lot number and sale on every row: two lots may share a title (§11).
  const lotText = tDesk('bidLot', {
    lot: lotNumber === undefined ? tDesk('unnumbered') : tDesk('lotNumber', { number: lotNumber }),
    title: bid.lotTitle,
    sale: saleTitle ?? bid.auctionId,
  });
  const time = (
    <time dateTime={bid.placedAt}>
      {format.dateTime(new Date(bid.placedAt), { timeStyle: 'medium' })}
    </time>
  );
  return (
    <>
      {!card && time}
      <span className="feed__lot" title={lotText}>
        <span className="visually-hidden">{t('lot')}: </span>
        {lotText}
      </span>
      <span className="feed__bidder">
        <span className="visually-hidden">{t('bidder')}: </span>
        {bid.bidder}
      </span>
      <span className="feed__amount">
        <span className="visually-hidden">{t('amount')}: </span>
        {formatMoney(bid.amount, bid.currency)}
      </span>
      {card && time}
    </>
  );
});

/**
 * Newest bids first, the rows in view only; pausing freezes the list and counts what arrives
 * meanwhile.
 */
export function LiveFeed({
  bids,
  labelOf = () => ({}),
}: {
  bids: readonly StoredBid[];
  labelOf?: BidLabel;
}) {
  const t = useTranslations('LiveDashboard');
  const isMobile = useIsMobile();
  const [frozen, setFrozen] = useState<readonly StoredBid[] | null>(null);
  const shown = frozen ?? bids;
  const newWhilePaused = frozen
    ? bids.filter((bid) => frozen.length === 0 || isNewer(bid.timetoken, frozen[0]!.timetoken))
        .length
    : 0;
  // Rows of one height: only those in view are rendered, found from the scroll position alone,
  // so a bid costs the same whether the window holds 10 bids or 500.
  const rowHeight = isMobile ? 96 : 48;
  const { attach, first, end } = useRowWindow({ count: shown.length, rowHeight, overscan: 8 });
  const inView = shown.slice(first, end);

  return (
    <section className="card feed" aria-labelledby="feed-title">
      <div className="card__header">
        <h2 id="feed-title">{t('feedTitle')}</h2>
        <div className="actions">
          {frozen && (
            <span className="feed__new" role="status">
              {t('newWhilePaused', { count: newWhilePaused })}
            </span>
          )}
          <button
            type="button"
            className="button-secondary"
            aria-pressed={frozen !== null}
            onClick={() => setFrozen(frozen ? null : bids)}
          >
            {frozen ? t('resume') : t('pause')}
          </button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{t('feedEmpty')}</p>
      ) : (
        <div
          ref={attach}
          className="feed__scroller"
          tabIndex={0}
          role="region"
          aria-label={t('feedListLabel')}
        >
          <ol
            className="feed__list"
            style={{ height: shown.length * rowHeight }}
            data-layout={isMobile ? 'cards' : 'rows'}
          >
            {inView.map((bid, offset) => {
              const { lotNumber, saleTitle } = labelOf(bid);
              return (
                <li
                  key={bid.bidId}
                  className="feed__item"
                  data-testid="bid"
                  data-bid-id={bid.bidId}
                  data-auction-id={bid.auctionId}
                  style={{
                    transform: `translateY(${(first + offset) * rowHeight}px)`,
                    height: rowHeight,
                  }}
                >
                  <FeedRow bid={bid} lotNumber={lotNumber} saleTitle={saleTitle} card={isMobile} />
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
