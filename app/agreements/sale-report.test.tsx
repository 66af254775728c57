import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { SaleReport as SaleReportData } from '@/lib/sales/sale-report';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { SaleReport } from './sale-report';

// Three currencies with three numbers of decimals: EUR 2, JPY 0, BHD 3 (amounts in minor units).
const report: SaleReportData = {
  auctionId: 'paris-2026',
  saleTitle: 'Art moderne',
  lots: { offered: 3, withAgreement: 2, withoutAgreement: 1 },
  soldRate: 2 / 3,
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
};

const generatedAt = '2026-11-21T22:15:00.000Z';

function renderReport(locale: 'en' | 'fr' = 'en', shown: SaleReportData = report) {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <SaleReport report={shown} generatedAt={generatedAt} backHref="/agreements?sale=paris-2026" />
    </NextIntlClientProvider>,
  );
  return { user };
}

/** The cells of a currency's row, exactly as displayed (no-break spaces kept: en writes "BHD\u00a01.000"). */
function rowCells(currency: string) {
  const row = screen.getByRole('rowheader', { name: currency }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** The value a description list gives a term. */
const factOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('SaleReport in English', () => {
  it('titles the report with the sale and says when it was read', () => {
    renderReport();
    expect(screen.getByRole('heading', { level: 1, name: 'Report: Art moderne' })).toBeVisible();
    expect(
      screen.getByText(
        'Lots offered, agreements and totals for sale paris-2026, as of Nov 21, 2026, 10:15 PM.',
      ),
    ).toBeVisible();
  });

  it('counts the lots and gives the sold rate as a percent with one decimal', () => {
    renderReport();
    expect(screen.getByRole('heading', { level: 2, name: 'Lots' })).toBeVisible();
    expect(factOf('Lots offered')).toHaveTextContent('3');
    expect(factOf('With an agreement')).toHaveTextContent('2');
    expect(factOf('Without an agreement')).toHaveTextContent('1');
    expect(factOf('Sold rate')).toHaveTextContent('66.7%');
  });

  it('tabulates every currency by status and estimate, in its own decimals', () => {
    renderReport();
    const table = screen.getByRole('table', {
      name: /^Agreements of the sale by status, and the estimates/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Currency', 'Approved', 'Pending', 'Rejected', 'Low estimate', 'High estimate']);
    expect(rowCells('EUR')).toEqual(['€12,345.00', '€0.99', '€500.00', '€10,000.00', '€15,000.00']);
    expect(rowCells('JPY')).toEqual(['¥0', '¥500,000', '¥0', '¥400,000', '¥600,000']);
    expect(rowCells('BHD')).toEqual([
      'BHD\u00a01,234.567',
      'BHD\u00a00.000',
      'BHD\u00a00.005',
      'BHD\u00a01,000.000',
      'BHD\u00a02,000.000',
    ]);
  });

  it('lets the keyboard reach the table scroller, named for the totals', () => {
    renderReport();
    const scroller = screen.getByRole('region', { name: 'Totals by currency' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(within(scroller).getByRole('table')).toBeInTheDocument();
  });

  it('says no agreement has arrived when there are no totals, without a table', () => {
    renderReport('en', { ...report, totals: [] });
    expect(screen.getByText('No agreement has arrived for this sale yet.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('prints the page with Print', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    try {
      const { user } = renderReport();
      expect(print).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      print.mockRestore();
    }
  });

  it('links back to the agreements it was opened from', () => {
    renderReport();
    expect(screen.getByRole('link', { name: 'Back to the agreements' })).toHaveAttribute(
      'href',
      '/agreements?sale=paris-2026',
    );
  });
});

describe('SaleReport in French', () => {
  it('speaks French with French dates, percents and amounts', () => {
    renderReport('fr');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Rapport\u00a0: Art moderne' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Lots présentés, accords et totaux de la vente paris-2026, au 21 nov. 2026, 22:15.',
      ),
    ).toBeVisible();
    // fr groups with a narrow no-break space and puts a no-break space before % and the currency.
    expect(factOf('Taux de vente')?.textContent).toBe('66,7\u00a0%');
    expect(rowCells('EUR')).toEqual([
      '12\u202f345,00\u00a0€',
      '0,99\u00a0€',
      '500,00\u00a0€',
      '10\u202f000,00\u00a0€',
      '15\u202f000,00\u00a0€',
    ]);
    expect(rowCells('JPY')).toEqual([
      '0\u00a0JPY',
      '500\u202f000\u00a0JPY',
      '0\u00a0JPY',
      '400\u202f000\u00a0JPY',
      '600\u202f000\u00a0JPY',
    ]);
    expect(rowCells('BHD')).toEqual([
      '1\u202f234,567\u00a0BHD',
      '0,000\u00a0BHD',
      '0,005\u00a0BHD',
      '1\u202f000,000\u00a0BHD',
      '2\u202f000,000\u00a0BHD',
    ]);
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour aux accords' })).toBeVisible();
  });

  it('gives the empty-totals message in French', () => {
    renderReport('fr', { ...report, totals: [] });
    expect(screen.getByText('Aucun accord n’est encore arrivé pour cette vente.')).toBeVisible();
  });
});
