'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { lotHref } from '@/app/dash/sale-labels';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleReportLot } from '@/lib/agreements/sale-report';

const flagStates = ['open', 'escalated', 'cleared'] as const;
const flagKey = {
  open: 'flagsOpen',
  escalated: 'flagsEscalated',
  cleared: 'flagsCleared',
} as const satisfies Record<(typeof flagStates)[number], string>;

interface SaleReportLotsProps {
  auctionId: string;
  lots: SaleReportLot[];
  /** The table's id: the chart names it as its text. */
  tableId: string;
}

/** Every lot of the sale, in lot-number order: the chart's figures as text, and more. */
export function SaleReportLots({ auctionId, lots, tableId }: SaleReportLotsProps) {
  const t = useTranslations('SaleReport');
  const format = useFormatter();
  const formatMoney = useFormatMoney();

  return (
    // Focusable so a keyboard can scroll the table inside its box on a phone, never the page.
    <div className="sale-report__scroll" tabIndex={0} role="region" aria-label={t('lotTableTitle')}>
      <table id={tableId} className="sale-report__table sale-report__lot-table">
        <caption>{t('lotTableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">
              {t('lotNumber')}
            </th>
            <th scope="col">{t('lot')}</th>
            <th scope="col" className="numeric">
              {t('estimate')}
            </th>
            <th scope="col">{t('result')}</th>
            <th scope="col" className="numeric">
              {t('hammer')}
            </th>
            <th scope="col" className="numeric">
              {t('bids')}
            </th>
            <th scope="col" className="numeric">
              {t('bidders')}
            </th>
            <th scope="col">{t('agreement')}</th>
            <th scope="col">{t('flags')}</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const flagged = flagStates.filter((state) => lot.flags[state] > 0);
            return (
              <tr key={lot.lotId}>
                <td className="numeric">{lot.lotNumber}</td>
                <th scope="row" className="sale-report__lot-title">
                  {/* The lot's panel on the desk: its ladder, its flags and their reviews. */}
                  <Link href={lotHref(auctionId, lot.lotId)} prefetch={false}>
                    {lot.lotTitle}
                  </Link>
                </th>
                <td className="numeric">
                  {t('estimateRange', {
                    low: formatMoney(lot.lowEstimate, lot.currency),
                    high: formatMoney(lot.highEstimate, lot.currency),
                  })}
                </td>
                <td data-status={lot.status}>{t('lotStatus', { status: lot.status })}</td>
                <td className="numeric">
                  {lot.hammer === null ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('noHammer')}</span>
                    </>
                  ) : (
                    formatMoney(lot.hammer, lot.currency)
                  )}
                </td>
                <td className="numeric">{format.number(lot.bids)}</td>
                <td className="numeric">{format.number(lot.bidders)}</td>
                <td>
                  {lot.agreement === null
                    ? t('noAgreement')
                    : t('agreementStatus', { status: lot.agreement.status })}
                </td>
                <td>
                  {flagged.length === 0
                    ? t('noFlags')
                    : flagged.map((state, index) => (
                        <span key={state} className="sale-report__flags" data-state={state}>
                          {index > 0 && ', '}
                          {t(flagKey[state], { count: lot.flags[state] })}
                        </span>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
