// The sale board: its rows, the filter, the countdowns, a row changed in place, cards on a phone.
import { act, fireEvent, screen } from '@testing-library/react';
import { SaleLotBoard } from './sale-lot-board';
import {
  fakeBoardPage,
  inLocale,
  lotIds,
  passed,
  renderBoard,
  row,
  sold,
  viewport,
} from './sale-lot-board-fixture';

jest.mock('next/navigation', () => jest.requireActual('./sale-lot-board-address').navigation);

fakeBoardPage();

describe('SaleLotBoard', () => {
  it('shows the rows in the order given, with estimate, reserve state and flags', () => {
    renderBoard([
      row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2', reserve: 'met' }),
      passed(2, { flags: 2 }),
    ]);
    expect(lotIds()).toEqual(['lot-1', 'lot-2']);
    const [first, second] = screen.getAllByTestId('board-lot');
    expect(first).toHaveTextContent('€1,000.00 – €2,000.00');
    expect(first).toHaveTextContent('€1,500.00');
    expect(first).toHaveTextContent('Paddle 2');
    expect(first).toHaveTextContent('met');
    expect(second).toHaveAttribute('data-flagged', 'true');
    expect(second).toHaveTextContent('2 flags');
  });

  it('filters open and closed lots, sold and passed ones both closed', () => {
    renderBoard([row(1), sold(2), row(3, { status: 'upcoming' }), passed(4)]);
    expect(lotIds()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4']);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(lotIds()).toEqual(['lot-2', 'lot-4']);
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(lotIds()).toEqual(['lot-1']);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(lotIds()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4']);
  });

  it('says so when a filter leaves no lot', () => {
    renderBoard([row(1), row(2, { status: 'upcoming' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(screen.queryAllByTestId('board-lot')).toHaveLength(0);
    expect(screen.getByText('No lot in this view.')).toBeInTheDocument();
  });

  it('counts down to a known close', () => {
    renderBoard([row(1, { closesAt: new Date(Date.now() + 90_500).toISOString() })]);
    expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:(30|31)/);
  });

  it('moves the countdown and the time since the last bid on every second, bids or not', () => {
    jest.useFakeTimers();
    try {
      renderBoard([
        row(1, {
          closesAt: new Date(Date.now() + 90_500).toISOString(),
          lastBidAt: Date.now() - 5_000,
        }),
      ]);
      expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:31/);
      expect(screen.getByTestId('board-lot')).toHaveTextContent('5 sec. ago');
      act(() => jest.advanceTimersByTime(2_000));
      expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:29/);
      expect(screen.getByTestId('board-lot')).toHaveTextContent('7 sec. ago');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the new figures of the row a bid changed, in the same row element', () => {
    const view = renderBoard([row(1), row(2, { highBid: 120_000, bidCount: 1 })]);
    const [, before] = screen.getAllByTestId('board-lot');
    view.rerender(
      inLocale(
        'en',
        <SaleLotBoard
          rows={[row(1), row(2, { highBid: 130_000, bidCount: 2, leader: 'Paddle 9' })]}
        />,
      ),
    );
    const [, after] = screen.getAllByTestId('board-lot');
    expect(after).toBe(before);
    expect(after).toHaveTextContent('€1,300.00');
    expect(after).toHaveTextContent('Paddle 9');
  });

  it('turns a row to sold when its lot closes, in the same row element', () => {
    const view = renderBoard([row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2' })]);
    const before = screen.getByTestId('board-lot');
    expect(before.querySelector('[data-status]')).toBeNull();
    // Closed on a winning bid the record does not hold yet, then the record's read brings it.
    view.rerender(inLocale('en', <SaleLotBoard rows={[sold(1, { hammer: null, buyer: null })]} />));
    expect(screen.getByTestId('board-lot')).toBe(before);
    expect(before.querySelector('[data-status="sold"]')?.textContent).toBe('Sold');
    view.rerender(inLocale('en', <SaleLotBoard rows={[sold(1)]} />));
    const after = screen.getByTestId('board-lot');
    expect(after).toBe(before);
    expect(after.querySelector('[data-status="sold"]')?.textContent).toBe(
      'Sold €1,500.00 · Paddle 2',
    );
  });

  it('is cards, not a table, at 700px and below', () => {
    viewport.setMobile(true);
    renderBoard([row(1)]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('board-lot')).toHaveClass('lot-card');
  });

  it.each([
    [
      'en',
      [
        ['Status', 'Open'],
        ['Closes', '—'],
        ['High bid', '€1,500.00'],
        ['Leader', 'Paddle 2'],
        ['Bids', '3'],
        ['Reserve', 'not met'],
        ['Last bid', '—'],
        ['Estimate', '€1,000.00 – €2,000.00'],
      ],
    ],
    [
      'fr',
      [
        ['État', 'Ouvert'],
        ['Clôture', '—'],
        ['Meilleure offre', '1\u202f500,00\u00a0€'],
        ['En tête', 'Paddle 2'],
        ['Enchères', '3'],
        ['Prix de réserve', 'non atteint'],
        ['Dernière enchère', '—'],
        ['Estimation', '1\u202f000,00\u00a0€ – 2\u202f000,00\u00a0€'],
      ],
    ],
  ] as const)('labels each figure of a card in %s, the label above its value', (locale, pairs) => {
    viewport.setMobile(true);
    renderBoard([row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2' })], locale);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms.map((term, index) => [term, values[index]])).toEqual(pairs);
  });
});
