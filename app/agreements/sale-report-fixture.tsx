// Shared by the sale report's tests: a report of four lots in three currencies, rendered in
// en or fr, and its figures, tables and drawing read back as displayed.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { SaleReport as SaleReportData } from '@/lib/agreements/sale-report';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { SaleReport } from './sale-report';

export const noFlags = { open: 0, escalated: 0, cleared: 0 };

/** Four lots: sold above its estimate, sold below it, passed, and not yet open. */
export const lots: SaleReportData['lots'] = [
  {
    lotId: 'lot-1',
    lotNumber: 1,
    lotTitle: 'Nymphéas',
    currency: 'EUR',
    lowEstimate: 1_000_000,
    highEstimate: 1_500_000,
    status: 'sold',
    hammer: 1_800_000,
    bids: 12,
    bidders: 4,
    agreement: { id: 'a-1', status: 'approved' },
    flags: { open: 1, escalated: 0, cleared: 2 },
  },
  {
    lotId: 'lot-2',
    lotNumber: 2,
    lotTitle: 'Bouquet',
    currency: 'EUR',
    lowEstimate: 500_000,
    highEstimate: 700_000,
    status: 'sold',
    hammer: 450_000,
    bids: 3,
    bidders: 2,
    agreement: { id: 'a-2', status: 'pending' },
    flags: noFlags,
  },
  {
    lotId: 'lot-3',
    lotNumber: 3,
    lotTitle: 'Vase',
    currency: 'EUR',
    lowEstimate: 200_000,
    highEstimate: 300_000,
    status: 'passed',
    hammer: null,
    bids: 2,
    bidders: 1,
    agreement: { id: 'a-3', status: 'rejected' },
    flags: { open: 0, escalated: 1, cleared: 0 },
  },
  {
    lotId: 'lot/4?x',
    lotNumber: 4,
    lotTitle: 'Paravent',
    currency: 'JPY',
    lowEstimate: 400_000,
    highEstimate: 600_000,
    status: 'upcoming',
    hammer: null,
    bids: 0,
    bidders: 0,
    agreement: null,
    flags: noFlags,
  },
];

// Three currencies with three numbers of decimals: EUR 2, JPY 0, BHD 3 (amounts in minor units).
export const report: SaleReportData = {
  auctionId: 'paris-2026',
  saleTitle: 'Art moderne',
  lotCounts: { offered: 4, withAgreement: 2, withoutAgreement: 2 },
  soldRate: 0.5,
  soldByValue: [{ currency: 'EUR', lots: 2, hammer: 2_250_000, lowEstimate: 1_500_000, rate: 1.5 }],
  totals: [
    {
      currency: 'BHD',
      approved: 1_234_567,
      pending: 0,
      rejected: 5,
      lowEstimate: 1_000_000,
      highEstimate: 2_000_000,
    },
    {
      currency: 'EUR',
      approved: 1_234_500,
      pending: 99,
      rejected: 50_000,
      lowEstimate: 1_000_000,
      highEstimate: 1_500_000,
    },
    {
      currency: 'JPY',
      approved: 0,
      pending: 500_000,
      rejected: 0,
      lowEstimate: 400_000,
      highEstimate: 600_000,
    },
  ],
  lots,
};

export const generatedAt = '2026-11-21T22:15:00.000Z';

export function renderReport(locale: 'en' | 'fr' = 'en', shown: SaleReportData = report) {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <SaleReport report={shown} generatedAt={generatedAt} backHref="/agreements?sale=paris-2026" />
    </NextIntlClientProvider>,
  );
  return { user };
}

/** The cells of a currency's row, exactly as displayed (no-break spaces kept: en writes "BHD\u00a01.000"). */
export function rowCells(currency: string) {
  const row = screen.getByRole('rowheader', { name: currency }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** A figure of the report and what it counts, as a description list gives them. */
export function factOf(term: string) {
  const value = screen.getByText(term, { selector: 'dt' }).nextElementSibling!;
  return {
    value: value.querySelector('.sale-report__value')?.textContent,
    hint: value.querySelector('.sale-report__hint')?.textContent ?? null,
  };
}

/** The lot table's row of a lot (its title heads it), cell by cell as displayed. */
export function lotCells(title: string) {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

export const lotTable = () =>
  screen.getByRole('table', { name: /in lot-number order$|par numéro de lot$/ });

/** The drawing, which assistive technology does not see: queried by its parts. */
export function drawing() {
  const svg = document.querySelector('.sale-report__chart svg')!;
  return {
    svg,
    bands: svg.querySelectorAll('.sale-report__chart-band').length,
    hammers: [...svg.querySelectorAll('.sale-report__chart-hammer')].map((dot) =>
      dot.getAttribute('data-placement'),
    ),
    ticks: [...svg.querySelectorAll('.sale-report__chart-tick text')].map(
      (text) => text.textContent,
    ),
    lotNumbers: [...svg.querySelectorAll('.sale-report__chart-lot')].map(
      (text) => text.textContent,
    ),
  };
}
