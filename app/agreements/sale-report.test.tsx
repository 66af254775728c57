// The sale report in English: its title, the lot counts and rates, the totals by currency, Print
// and the way back.
import { screen, within } from '@testing-library/react';
import type { SaleReport as SaleReportData } from '@/lib/agreements/sale-report';
import { factOf, renderReport, report, rowCells } from './sale-report-fixture';

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

  it('counts the lots and says what each rate counts', () => {
    renderReport();
    expect(screen.getByRole('heading', { level: 2, name: 'Lots' })).toBeVisible();
    expect(factOf('Lots offered')).toEqual({ value: '4', hint: null });
    expect(factOf('With an agreement')).toEqual({ value: '2', hint: null });
    expect(factOf('Without an agreement')).toEqual({ value: '2', hint: null });
    expect(factOf('Sold rate')).toEqual({
      value: '50%',
      hint: 'Lots with an agreement that is not rejected, out of the lots offered',
    });
    expect(factOf('Sold by value')).toEqual({
      value: '150%',
      hint: 'The hammers of the 2 lots sold at auction, €22,500.00, against their low estimates, €15,000.00',
    });
  });

  it('gives a rate as a percent with one decimal', () => {
    renderReport('en', { ...report, soldRate: 2 / 3 });
    expect(factOf('Sold rate').value).toBe('66.7%');
  });

  it.each<[string, SaleReportData['soldByValue'], [string, string, string][]]>([
    [
      'nothing sold yet',
      [],
      [
        [
          'Sold by value',
          '—',
          'No lot sold at auction yet: the hammers of the lots sold, against their low estimates',
        ],
      ],
    ],
    [
      'one lot sold',
      [{ currency: 'EUR', lots: 1, hammer: 90_000, lowEstimate: 100_000, rate: 0.9 }],
      [
        [
          'Sold by value',
          '90%',
          'The hammer of the only lot sold at auction, €900.00, against its low estimate, €1,000.00',
        ],
      ],
    ],
    [
      'lots sold in two currencies: one line each, named',
      [
        { currency: 'EUR', lots: 1, hammer: 90_000, lowEstimate: 100_000, rate: 0.9 },
        { currency: 'JPY', lots: 3, hammer: 500, lowEstimate: 0, rate: null },
      ],
      [
        [
          'Sold by value, EUR',
          '90%',
          'The hammer of the only lot sold at auction, €900.00, against its low estimate, €1,000.00',
        ],
        [
          'Sold by value, JPY',
          '—',
          'The 3 lots sold at auction, for ¥500, have no low estimate to be measured against',
        ],
      ],
    ],
  ])('gives sold by value with %s', (_name, soldByValue, expected) => {
    renderReport('en', { ...report, soldByValue });
    for (const [term, value, hint] of expected) expect(factOf(term)).toEqual({ value, hint });
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

  it('says no agreement has arrived when there are no totals, without a totals table', () => {
    renderReport('en', { ...report, totals: [] });
    expect(screen.getByText('No agreement has arrived for this sale yet.')).toBeVisible();
    expect(screen.queryByRole('table', { name: /^Agreements of the sale/ })).toBeNull();
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
