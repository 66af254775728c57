'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleReport as SaleReportData } from '@/lib/agreements/sale-report';
import { SaleReportChart } from './sale-report-chart';
import { SaleReportFacts } from './sale-report-facts';
import { SaleReportLots } from './sale-report-lots';
import './sale-report.css';

const amountColumns = ['approved', 'pending', 'rejected', 'lowEstimate', 'highEstimate'] as const;

interface SaleReportProps {
  report: SaleReportData;
  /** When the report was read (ISO 8601), shown as "as of". */
  generatedAt: string;
  /** Where "Back to the agreements" goes, e.g. the list with the sale filter kept. */
  backHref: string;
}

/** A sale's report (docs/product-contract.md §12, §14), laid out to be read on screen and printed. */
export function SaleReport({ report, generatedAt, backHref }: SaleReportProps) {
  const t = useTranslations('SaleReport');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const titleId = useId();
  // The chart's caption points at the table that gives its figures as text.
  const lotTableId = useId();

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
        <SaleReportFacts report={report} />
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

      <section className="sale-report__section sale-report__chart-section">
        <h2>{t('chartTitle')}</h2>
        <SaleReportChart lots={report.lots} tableId={lotTableId} />
      </section>

      <section className="sale-report__section sale-report__lot-section">
        <h2>{t('lotTableTitle')}</h2>
        <SaleReportLots auctionId={report.auctionId} lots={report.lots} tableId={lotTableId} />
      </section>
    </article>
  );
}
