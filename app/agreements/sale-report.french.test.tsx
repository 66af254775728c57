// The sale report in French: its dates, percents, amounts, tables and chart.
import { screen, within } from '@testing-library/react';
import {
  drawing,
  factOf,
  lotCells,
  lotTable,
  renderReport,
  report,
  rowCells,
} from './sale-report-fixture';

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
