'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import { sameRow, type SaleLotRow } from '@/lib/sales/sale-view';
import { useIsMobile } from '@/lib/viewport/use-is-mobile';

// The all-sales view's "Lots": the lots open now in every sale, from the record (contract §13),
// the latest to start bidding first, each naming its sale. A bid never reorders them.

const shownLots = 12;

/** The latest to start first; then by key, the same in every browser. */
const byStart = (a: SaleLotRow, b: SaleLotRow) =>
  (b.startedAt ?? 0) - (a.startedAt ?? 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

interface LotRowProps {
  row: SaleLotRow;
  saleTitle: string;
  isMobile: boolean;
}

const sameLotRow = (a: LotRowProps, b: LotRowProps) =>
  a.saleTitle === b.saleTitle && a.isMobile === b.isMobile && sameRow(a.row, b.row);

const LotRow = memo(function LotRow({ row, saleTitle, isMobile }: LotRowProps) {
  const t = useTranslations('LiveDashboard');
  const tDesk = useTranslations('SaleDesk');
  const formatMoney = useFormatMoney();
  // Lot number and sale beside the title: two sales may offer lots of the same title (§11).
  const lotText = tDesk('bidLot', {
    lot:
      row.lotNumber === null ? tDesk('unnumbered') : tDesk('lotNumber', { number: row.lotNumber }),
    title: row.lotTitle,
    sale: saleTitle,
  });
  const money = row.highBid === null ? tDesk('noValue') : formatMoney(row.highBid, row.currency);
  const leader = row.leader ?? tDesk('noValue');

  return isMobile ? (
    <li className="lot-card" data-lot-id={row.lotId}>
      <p className="lot-card__title" title={lotText}>
        {lotText}
      </p>
      <p>
        {t('labelled', { label: t('highBid') })} {money} · {t('labelled', { label: t('bidCount') })}{' '}
        {row.bidCount}
      </p>
      <p>
        {t('labelled', { label: t('leader') })} {leader}
      </p>
    </li>
  ) : (
    <tr data-lot-id={row.lotId}>
      <th scope="row">
        <span className="lots__lot" title={lotText}>
          {lotText}
        </span>
      </th>
      <td>{money}</td>
      <td>{row.bidCount}</td>
      <td>{leader}</td>
    </tr>
  );
}, sameLotRow);

/**
 * The lots open now: high bid, number of bids, leader; a table when wide, cards at 700px and
 * below. `rows` are every sale's board rows (lots the catalogue lacks included).
 */
export function LotLeaderboard({
  rows,
  saleTitleOf,
}: {
  rows: readonly SaleLotRow[];
  saleTitleOf: (auctionId: string) => string;
}) {
  const t = useTranslations('LiveDashboard');
  const isMobile = useIsMobile();
  const open = rows.filter((row) => row.open).sort(byStart);
  const visible = open.slice(0, shownLots);
  const items = visible.map((row, place) => (
    // Keyed by place, not by lot: a lot starting to take bids comes first, and rows that moved
    // with their lots would shift the table under the reader; the places stay, what they say
    // changes.
    <LotRow key={place} row={row} saleTitle={saleTitleOf(row.auctionId)} isMobile={isMobile} />
  ));

  return (
    <section className="card lots leaderboard" aria-labelledby="lots-title">
      <h2 id="lots-title">{t('lotsTitle')}</h2>
      {visible.length === 0 ? (
        <p className="empty">{t('lotsEmpty')}</p>
      ) : isMobile ? (
        <ul className="lot-cards">{items}</ul>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('lot')}</th>
              <th scope="col">{t('highBid')}</th>
              <th scope="col">{t('bidCount')}</th>
              <th scope="col">{t('leader')}</th>
            </tr>
          </thead>
          <tbody>{items}</tbody>
        </table>
      )}
      {open.length > visible.length && (
        <p className="lots__more">{t('lotsMore', { count: open.length - visible.length })}</p>
      )}
    </section>
  );
}
