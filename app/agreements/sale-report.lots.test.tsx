// The sale report in English, lot by lot: the table of lots, each linked to its panel on the desk,
// and the chart of each hammer against its estimate.
import { screen, within } from '@testing-library/react';
import { drawing, lotCells, lotTable, lots, renderReport, report } from './sale-report-fixture';

describe('SaleReport in English', () => {
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
});
