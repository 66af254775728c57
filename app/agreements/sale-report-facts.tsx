'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useFormatMoney } from '@/lib/i18n/use-format-money';
import type { SaleReport } from '@/lib/agreements/sale-report';

interface Fact {
  term: string;
  value: string;
  /** What the figure counts, under it: the two rates count different things. */
  hint?: string;
}

/**
 * The sale's figures: its lots by agreement, sold by lots (agreements) and sold by value (hammers
 * against low estimates, one line per currency of the lots sold).
 */
export function SaleReportFacts({ report }: { report: SaleReport }) {
  const t = useTranslations('SaleReport');
  const format = useFormatter();
  const formatMoney = useFormatMoney();
  const percent = (rate: number) =>
    format.number(rate, { style: 'percent', maximumFractionDigits: 1 });
  const byValue = report.soldByValue;

  const facts: Fact[] = [
    { term: t('offered'), value: format.number(report.lotCounts.offered) },
    { term: t('withAgreement'), value: format.number(report.lotCounts.withAgreement) },
    { term: t('withoutAgreement'), value: format.number(report.lotCounts.withoutAgreement) },
    { term: t('soldRate'), value: percent(report.soldRate), hint: t('soldRateHint') },
    ...(byValue.length === 0
      ? [{ term: t('soldByValue'), value: '—', hint: t('soldByValueNone') }]
      : byValue.map((line) => {
          const hammer = formatMoney(line.hammer, line.currency);
          return {
            // One currency, the usual sale: no need to name it.
            term:
              byValue.length === 1
                ? t('soldByValue')
                : t('soldByValueIn', { currency: line.currency }),
            value: line.rate === null ? '—' : percent(line.rate),
            hint:
              line.rate === null
                ? t('soldByValueNoEstimate', { lots: line.lots, hammer })
                : t('soldByValueHint', {
                    lots: line.lots,
                    hammer,
                    lowEstimate: formatMoney(line.lowEstimate, line.currency),
                  }),
          };
        })),
  ];

  return (
    <dl className="sale-report__lots">
      {facts.map(({ term, value, hint }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>
            <span className="sale-report__value">{value}</span>
            {hint && <span className="sale-report__hint">{hint}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
