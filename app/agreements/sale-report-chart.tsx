'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import type { SaleReportLot } from '@/lib/agreements/sale-report';
import { hammerChart } from '@/lib/agreements/sale-report-chart';
import './sale-report-chart.css';

/** The drawing's height and its plot's top and bottom, in CSS pixels; its width is the page's. */
const height = 220;
const plotTop = 14;
const plotBottom = 190;
const hammerRadius = 4.5;

interface SaleReportChartProps {
  lots: SaleReportLot[];
  /** The lot table, which gives the chart's figures as text. */
  tableId: string;
}

/**
 * Hammer against each lot's estimate band (contract §14), drawn here: a column per lot, as a
 * percentage of its low estimate so lots of any value share the axis. The drawing is hidden from
 * assistive technology: the figure's caption says what it shows and points at the lot table
 * (`aria-details`), which gives every figure as text. Horizontal positions are percentages of the
 * drawing's width, so it fits any screen or page without scaling its dots or its text.
 */
export function SaleReportChart({ lots, tableId }: SaleReportChartProps) {
  const t = useTranslations('SaleReport');
  const format = useFormatter();
  const captionId = useId();
  const chart = hammerChart(lots);
  if (!chart.columns.some((column) => column.bandTop !== null))
    return <p className="empty">{t('chartNoEstimate')}</p>;

  const y = (ratio: number) =>
    plotBottom - (Math.min(ratio, chart.max) / chart.max) * (plotBottom - plotTop);
  const across = (index: number, offset: number) =>
    `${((index + offset) / chart.columns.length) * 100}%`;
  const bandWidth = `${(0.6 / chart.columns.length) * 100}%`;

  return (
    <figure className="sale-report__chart" aria-labelledby={captionId} aria-details={tableId}>
      <svg
        className="sale-report__chart-drawing"
        width="100%"
        height={height}
        aria-hidden="true"
        focusable="false"
      >
        {chart.ticks.map((tick) => (
          <g key={tick} className="sale-report__chart-tick" data-low={tick === 1 || undefined}>
            <line x1="0" x2="100%" y1={y(tick)} y2={y(tick)} />
            {/* Left of the drawing, in the figure's padding. */}
            <text x="-6" y={y(tick)} dy="0.32em" textAnchor="end">
              {format.number(tick, { style: 'percent' })}
            </text>
          </g>
        ))}
        {chart.columns.map((column, index) => (
          <g key={column.lotId}>
            {column.bandTop !== null && (
              <rect
                className="sale-report__chart-band"
                x={across(index, 0.2)}
                width={bandWidth}
                y={y(column.bandTop)}
                // A low estimate equal to the high is a line, not nothing.
                height={Math.max(2, y(1) - y(column.bandTop))}
              />
            )}
            {column.hammer !== null && (
              <circle
                className="sale-report__chart-hammer"
                data-placement={column.placement}
                data-beyond={column.hammer > chart.max || undefined}
                cx={across(index, 0.5)}
                cy={y(column.hammer)}
                r={hammerRadius}
              />
            )}
            {column.labelled && (
              <text
                className="sale-report__chart-lot"
                x={across(index, 0.5)}
                y={height - 8}
                textAnchor="middle"
              >
                {column.lotNumber}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption id={captionId}>{t('chartCaption')}</figcaption>
      {/* The drawing's key: what the table gives as text needs no key there. */}
      <ul className="sale-report__chart-key" aria-hidden="true">
        <li data-key="band">{t('chartBand')}</li>
        <li data-key="within">{t('chartWithin')}</li>
        <li data-key="above">{t('chartAbove')}</li>
        <li data-key="below">{t('chartBelow')}</li>
        {chart.columns.some((column) => column.hammer !== null && column.hammer > chart.max) && (
          <li data-key="beyond">{t('chartBeyond')}</li>
        )}
      </ul>
    </figure>
  );
}
