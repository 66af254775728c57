// The sale board of a long sale opens at its first open lot, once.
import { screen } from '@testing-library/react';
import { SaleLotBoard } from './sale-lot-board';
import {
  fakeBoardPage,
  inLocale,
  renderBoard,
  row,
  scrollIntoView,
  viewport,
} from './sale-lot-board-fixture';

jest.mock('next/navigation', () => jest.requireActual('./sale-lot-board-address').navigation);

fakeBoardPage();

describe('a long sale', () => {
  /** `count` lots of `auctionId`: the first `closedFirst` closed, the rest open or to come. */
  const sale = (count: number, closedFirst: number, auctionId = 'cars-a') =>
    Array.from({ length: count }, (_, index) => {
      const lotNumber = index + 1;
      if (lotNumber <= closedFirst)
        return row(lotNumber, { status: lotNumber % 3 === 0 ? 'passed' : 'sold' }, auctionId);
      return row(
        lotNumber,
        { status: lotNumber <= closedFirst + 2 ? 'open' : 'upcoming' },
        auctionId,
      );
    });
  const scrolledTo = () =>
    scrollIntoView.mock.contexts.map((element) => (element as HTMLElement).dataset.lotId);

  it.each([
    ['a table', false],
    ['cards', true],
  ])('opens at its first open lot, in %s, once', (_, mobile) => {
    viewport.setMobile(mobile);
    const view = renderBoard(sale(21, 15));
    expect(scrolledTo()).toEqual(['lot-16']);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    // A bid, a close: the board stays where the clerk has scrolled it.
    view.rerender(
      inLocale('en', <SaleLotBoard rows={sale(21, 16).map((r) => ({ ...r, bidCount: 4 }))} />),
    );
    expect(scrolledTo()).toEqual(['lot-16']);
  });

  it('opens another sale at its own first open lot', () => {
    const view = renderBoard(sale(30, 10));
    expect(scrolledTo()).toEqual(['lot-11']);
    view.rerender(inLocale('en', <SaleLotBoard rows={sale(25, 4, 'cars-b')} />));
    expect(scrolledTo()).toEqual(['lot-11', 'lot-5']);
  });

  it('does not scroll a board of 20 lots or fewer', () => {
    renderBoard(sale(20, 15));
    expect(screen.getAllByTestId('board-lot')).toHaveLength(20);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not scroll while the lot panel is open', () => {
    renderBoard(sale(21, 15), 'en', { lotPanelOpen: true });
    expect(screen.getAllByTestId('board-lot')).toHaveLength(21);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not scroll when no lot is open', () => {
    renderBoard(sale(21, 21));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
