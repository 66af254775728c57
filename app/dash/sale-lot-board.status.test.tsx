// The sale board's closed lots (sold at a price to a buyer, or passed, never counting down) and its
// catalogued lots nobody has bid on yet (to come, however late their scheduled close).
import { screen, within } from '@testing-library/react';
import {
  boardLot,
  fakeBoardPage,
  passed,
  renderBoard,
  row,
  sold,
  viewport,
} from './sale-lot-board-fixture';

jest.mock('next/navigation', () => jest.requireActual('./sale-lot-board-address').navigation);

fakeBoardPage();

describe('a closed lot', () => {
  // The status cell: the table's last column, or the card's first figure.
  const statusOf = (lotId: string, layout: 'table' | 'cards') =>
    layout === 'table'
      ? boardLot(lotId).querySelector('td:last-child')!
      : within(boardLot(lotId)).getAllByRole('definition')[0]!;

  it.each([
    ['en', 'table', 'Sold €1,500.00 · Paddle 2', 'Sold', 'Passed', 'Open'],
    ['en', 'cards', 'Sold €1,500.00 · Paddle 2', 'Sold', 'Passed', 'Open'],
    ['fr', 'table', 'Adjugé 1\u202f500,00\u00a0€ · Paddle 2', 'Adjugé', 'Invendu', 'Ouvert'],
    ['fr', 'cards', 'Adjugé 1\u202f500,00\u00a0€ · Paddle 2', 'Adjugé', 'Invendu', 'Ouvert'],
  ] as const)(
    'reads sold at its hammer price to its buyer, or passed (%s, %s)',
    (locale, layout, soldText, unpricedText, passedText, openText) => {
      viewport.setMobile(layout === 'cards');
      renderBoard(
        [
          row(1),
          // Its hammer (the winning bid) is not its high bid: a late bid was higher.
          sold(2, { highBid: 160_000, leader: 'Paddle 7' }),
          // Sold on a winning bid the record lacks: no price to show.
          sold(3, { hammer: null, buyer: null }),
          passed(4, { highBid: 90_000, bidCount: 2, leader: 'Paddle 5' }),
        ],
        locale,
      );
      expect(screen.queryAllByRole('table')).toHaveLength(layout === 'table' ? 1 : 0);
      expect(statusOf('lot-1', layout)).toHaveTextContent(new RegExp(`^${openText}$`));
      expect(statusOf('lot-1', layout).querySelector('[data-status]')).toBeNull();
      const soldCell = statusOf('lot-2', layout).querySelector('[data-status]');
      expect(soldCell).toHaveAttribute('data-status', 'sold');
      expect(soldCell?.textContent).toBe(soldText);
      const unpriced = statusOf('lot-3', layout).querySelector('[data-status]');
      expect(unpriced).toHaveAttribute('data-status', 'sold');
      expect(unpriced?.textContent).toBe(unpricedText);
      const passedCell = statusOf('lot-4', layout).querySelector('[data-status]');
      expect(passedCell).toHaveAttribute('data-status', 'passed');
      expect(passedCell?.textContent).toBe(passedText);
    },
  );

  it('shows no countdown, whatever close it had', () => {
    renderBoard([
      sold(1, { closesAt: new Date(Date.now() + 90_500).toISOString() }),
      passed(2, { closesAt: new Date(Date.now() - 90_500).toISOString() }),
    ]);
    for (const lotId of ['lot-1', 'lot-2'])
      expect(boardLot(lotId)).not.toHaveTextContent(/in \d|closing|late/i);
  });
});

describe('a catalogued lot nobody has bid on', () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const statusesOf = () =>
    screen
      .getAllByTestId('board-lot')
      .map((item) => (item.textContent?.includes('Not open yet') ? 'upcoming' : 'other'));

  it('reads "Not open yet" until the record says otherwise, however late its close', () => {
    renderBoard([
      row(1, { status: 'upcoming', closesAt: ago(-60 * 60_000) }),
      // A live sale running behind its schedule: it has yet to reach the lot.
      row(2, { status: 'upcoming', closesAt: ago(60_000) }),
      row(3, { status: 'upcoming', closesAt: null }),
      // Its close long past while later lots sold: still to come until the record says so.
      row(4, { status: 'upcoming', closesAt: ago(3 * 60 * 60_000) }),
      sold(5),
      passed(6),
    ]);
    expect(statusesOf()).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'other',
      'other',
    ]);
  });

  it('counts down to its scheduled close before it opens, then says how late it runs', () => {
    renderBoard([
      row(1, { status: 'upcoming', closesAt: ago(-90_500) }),
      row(2, { status: 'upcoming', closesAt: ago(130_000) }),
      passed(3, { closesAt: ago(130_000) }),
    ]);
    const [first, second, third] = screen.getAllByTestId('board-lot');
    expect(first).toHaveTextContent(/in 1:(30|31)/);
    expect(second).toHaveTextContent(/2:1[01] late/);
    expect(second).not.toHaveTextContent(/closing/i);
    expect(third).not.toHaveTextContent(/in \d|closing|late/i);
  });

  it('says how late it runs in French too', () => {
    renderBoard([row(1, { status: 'upcoming', closesAt: ago(130_000) })], 'fr');
    expect(screen.getByTestId('board-lot')).toHaveTextContent(/retard 2:1[01]/);
    expect(screen.getByTestId('board-lot')).toHaveTextContent('À venir');
  });
});
