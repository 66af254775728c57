import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { SaleReport as SaleReportData } from '@/lib/agreements/sale-report';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { SaleReport } from './sale-report';

const noFlags = { open: 0, escalated: 0, cleared: 0 };

/** Four lots: sold above its estimate, sold below it, passed, and not yet open. */
const lots: SaleReportData['lots'] = [
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
const report: SaleReportData = {
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

/** A figure of the report and what it counts, as a description list gives them. */
function factOf(term: string) {
  const value = screen.getByText(term, { selector: 'dt' }).nextElementSibling!;
  return {
    value: value.querySelector('.sale-report__value')?.textContent,
    hint: value.querySelector('.sale-report__hint')?.textContent ?? null,
  };
}

/** The lot table's row of a lot (its title heads it), cell by cell as displayed. */
function lotCells(title: string) {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

const lotTable = () =>
  screen.getByRole('table', { name: /in lot-number order$|par numéro de lot$/ });

/** The drawing, which assistive technology does not see: queried by its parts. */
function drawing() {
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

  it('lets the keyboard reach both table scrollers, each named for its table', async () => {
    const { user } = renderReport();
    const totals = screen.getByRole('region', { name: 'Totals by currency' });
    const lotsBox = screen.getByRole('region', { name: 'Lot by lot' });
    expect(within(lotsBox).getByRole('table')).toBe(lotTable());
    await user.tab(); // Print
    await user.tab(); // Back to the agreements
    await user.tab();
    expect(totals).toHaveFocus();
    await user.tab();
    expect(lotsBox).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Nymphéas' })).toHaveFocus();
  });

  it('tabulates every lot in lot-number order: estimate, result, agreement and flags', () => {
    renderReport();
    const table = lotTable();
    expect(table).toHaveAccessibleName(
      "Each lot's estimate, its result in the sale record, its agreement and its flags, in lot-number order",
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'No.',
      'Lot',
      'Estimate',
      'Result',
      'Hammer',
      'Bids',
      'Bidders',
      'Agreement',
      'Flags',
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Nymphéas', 'Bouquet', 'Vase', 'Paravent']);
    expect(lotCells('Nymphéas')).toEqual([
      '1',
      '€10,000.00 – €15,000.00',
      'Sold',
      '€18,000.00',
      '12',
      '4',
      'Approved',
      '1 open, 2 cleared',
    ]);
    expect(lotCells('Bouquet')).toEqual([
      '2',
      '€5,000.00 – €7,000.00',
      'Sold',
      '€4,500.00',
      '3',
      '2',
      'Pending',
      'None',
    ]);
    // Without a hammer a dash is shown and "No hammer" read.
    expect(lotCells('Vase')).toEqual([
      '3',
      '€2,000.00 – €3,000.00',
      'Passed',
      '—No hammer',
      '2',
      '1',
      'Rejected',
      '1 escalated',
    ]);
    expect(lotCells('Paravent')).toEqual([
      '4',
      '¥400,000 – ¥600,000',
      'Not open yet',
      '—No hammer',
      '0',
      '0',
      'None',
      'None',
    ]);
  });

  it('links each lot to its panel on the desk, whatever its id', () => {
    renderReport();
    expect(screen.getByRole('link', { name: 'Paravent' })).toHaveAttribute(
      'href',
      '/dash?sale=paris-2026&lot=lot%2F4%3Fx',
    );
  });

  it('charts each lot: its band, its hammer placed against it, the axis in percent', () => {
    renderReport();
    const figure = screen.getByRole('figure', {
      name: /^Each lot in lot-number order: its estimate band/,
    });
    // The drawing is hidden from assistive technology; the figure points at the table instead.
    expect(figure).toHaveAttribute('aria-details', lotTable().id);
    const { svg, bands, hammers, ticks, lotNumbers } = drawing();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(bands).toBe(4);
    expect(hammers).toEqual(['above', 'below']);
    // The highest figure is 180 %: the axis stops at 200 %, a line every 50 %.
    expect(ticks).toEqual(['0%', '50%', '100%', '150%', '200%']);
    expect(lotNumbers).toEqual(['1', '2', '3', '4']);
    expect(within(figure).getByText('Estimate band')).toBeInTheDocument();
    expect(within(figure).queryByText('Hammer beyond the top of the chart')).toBeNull();
  });

  it('draws a hammer beyond the axis at its top, and says so in the key', () => {
    const far = { ...lots[0]!, hammer: 9_000_000 };
    renderReport('en', { ...report, lots: [far, ...lots.slice(1)] });
    expect(drawing().ticks.at(-1)).toBe('400%');
    expect(document.querySelector('[data-beyond]')).toHaveAttribute('data-placement', 'above');
    expect(screen.getByText('Hammer beyond the top of the chart')).toBeInTheDocument();
  });

  it('says there is nothing to chart when no lot has a low estimate', () => {
    const unestimated = lots.map((lot) => ({ ...lot, lowEstimate: 0 }));
    renderReport('en', { ...report, lots: unestimated });
    expect(screen.getByText('No lot has a low estimate to be charted against.')).toBeVisible();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(lotTable()).toBeInTheDocument();
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
    expect(factOf('Taux de vente')).toEqual({
      value: '50\u00a0%',
      hint: 'Lots ayant un accord non rejeté, sur les lots présentés',
    });
    expect(factOf('Vendu en valeur')).toEqual({
      value: '150\u00a0%',
      hint: 'Prix d’adjudication des 2 lots adjugés, 22\u202f500,00\u00a0€, face à leurs estimations basses, 15\u202f000,00\u00a0€',
    });
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

  it('gives the one lot sold by value in the singular', () => {
    renderReport('fr', {
      ...report,
      soldByValue: [{ currency: 'EUR', lots: 1, hammer: 90_000, lowEstimate: 100_000, rate: 0.9 }],
    });
    expect(factOf('Vendu en valeur')).toEqual({
      value: '90\u00a0%',
      hint: 'Prix d’adjudication du seul lot adjugé, 900,00\u00a0€, face à son estimation basse, 1\u202f000,00\u00a0€',
    });
  });

  it('tabulates the lots in French, flags counted in the plural and the singular', () => {
    renderReport('fr');
    expect(lotTable()).toHaveAccessibleName(
      'L’estimation de chaque lot, son résultat dans l’enregistrement de la vente, son accord et ses alertes, par numéro de lot',
    );
    expect(
      within(lotTable())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'N°',
      'Lot',
      'Estimation',
      'Résultat',
      'Adjudication',
      'Enchères',
      'Enchérisseurs',
      'Accord',
      'Alertes',
    ]);
    expect(lotCells('Nymphéas')).toEqual([
      '1',
      '10\u202f000,00\u00a0€ – 15\u202f000,00\u00a0€',
      'Adjugé',
      '18\u202f000,00\u00a0€',
      '12',
      '4',
      'Approuvé',
      '1 ouverte, 2 levées',
    ]);
    expect(lotCells('Vase').slice(2)).toEqual([
      'Invendu',
      '—Pas d’adjudication',
      '2',
      '1',
      'Rejeté',
      '1 remontée',
    ]);
    expect(lotCells('Paravent').slice(2)).toEqual([
      'À venir',
      '—Pas d’adjudication',
      '0',
      '0',
      'Aucun',
      'Aucune',
    ]);
    expect(lotCells('Bouquet')[2]).toBe('Adjugé');
  });

  it('charts in French: its caption, its key and its axis', () => {
    renderReport('fr');
    const figure = screen.getByRole('figure', {
      name: /^Chaque lot par numéro\u00a0: sa fourchette d’estimation/,
    });
    expect(
      within(figure).getByText('Adjudication au-dessus de l’estimation haute'),
    ).toBeInTheDocument();
    expect(drawing().ticks).toEqual([
      '0\u00a0%',
      '50\u00a0%',
      '100\u00a0%',
      '150\u00a0%',
      '200\u00a0%',
    ]);
  });

  it('gives the empty-totals message in French', () => {
    renderReport('fr', { ...report, totals: [] });
    expect(screen.getByText('Aucun accord n’est encore arrivé pour cette vente.')).toBeVisible();
  });
});
