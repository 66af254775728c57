'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleReport as SaleReportData } from '@/lib/sales/sale-report';
import './sale-report.css';

const amountColumns = ['approved', 'pending', 'rejected', 'lowEstimate', 'highEstimate'] as const;

interface SaleReportProps {
  report: SaleReportData;
  /** When the report was read (ISO 8601), shown as "as of". */
  generatedAt: string;
  /** Where "Back to the agreements" goes, e.g. the list with the sale filter kept. */
  backHref: string;
}

/** A sale's report (docs/product-contract.md §12), laid out to be read on screen and printed. */
export function SaleReport({ report, generatedAt, backHref }: SaleReportProps) {
  const t = useTranslations('SaleReport');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const titleId = useId();

  const lotFacts = [
    [t('offered'), format.number(report.lots.offered)],
    [t('withAgreement'), format.number(report.lots.withAgreement)],
    [t('withoutAgreement'), format.number(report.lots.withoutAgreement)],
    [t('soldRate'), format.number(report.soldRate, { style: 'percent', maximumFractionDigits: 1 })],
  ] as const;

  return (
    <article className="sale-report" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('title', { sale: report.saleTitle })}</h1>
      <p className="lead">
        {t('lead', { auctionId: report.auctionId, time: formatDateTime(generatedAt) })}
      </p>

      <div className="sale-report__toolbar" data-print="hide">
        <button type="button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <Link href={backHref} className="sale-report__back">
          {t('back')}
        </Link>
      </div>

      <section className="sale-report__section">
        <h2>{t('lotsTitle')}</h2>
        <dl className="sale-report__lots">
          {lotFacts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="sale-report__section">
        <h2>{t('totalsTitle')}</h2>
        {report.totals.length === 0 ? (
          <p className="empty">{t('noTotals')}</p>
        ) : (
          // Focusable so a keyboard can scroll the table when it is wider than a phone.
          <div
            className="sale-report__scroll"
            tabIndex={0}
            role="region"
            aria-label={t('totalsTitle')}
          >
            <table className="sale-report__table">
              <caption>{t('totalsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('currency')}</th>
                  {amountColumns.map((column) => (
                    <th key={column} scope="col" className="numeric">
                      {t(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.totals.map((total) => (
                  <tr key={total.currency}>
                    <th scope="row">{total.currency}</th>
                    {amountColumns.map((column) => (
                      <td key={column} className="numeric">
                        {formatMoney(total[column], total.currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </article>
  );
}
