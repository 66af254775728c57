// The sale board's show filter, read from the address and written back to it.
import { fireEvent, screen } from '@testing-library/react';
import { mockAddress, mockRouter } from './sale-lot-board-address';
import { fakeBoardPage, lotIds, passed, renderBoard, row, sold } from './sale-lot-board-fixture';

jest.mock('next/navigation', () => jest.requireActual('./sale-lot-board-address').navigation);

fakeBoardPage();

describe('the show filter in the address', () => {
  const rows = () => [row(1), sold(2), row(3, { status: 'upcoming' }), passed(4), row(5)];

  it.each([
    ['show=open', ['lot-1', 'lot-5'], 'Open'],
    ['show=closed', ['lot-2', 'lot-4'], 'Closed'],
    ['no show', ['lot-1', 'lot-2', 'lot-3', 'lot-4', 'lot-5'], 'All'],
    ['show=sold (not a filter)', ['lot-1', 'lot-2', 'lot-3', 'lot-4', 'lot-5'], 'All'],
  ] as const)('an address with %s shows those lots', (query, expected, pressed) => {
    const show = query.startsWith('show=') ? `&${query.split(' ')[0]}` : '';
    mockAddress.url = new URL(`http://localhost/dash?sale=cars-a${show}`);
    renderBoard(rows());
    expect(lotIds()).toEqual(expected);
    for (const name of ['All', 'Open', 'Closed'])
      expect(screen.getByRole('button', { name })).toHaveAttribute(
        'aria-pressed',
        String(name === pressed),
      );
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('a filter chosen replaces the address, keeping the sale and the lot, without scrolling', () => {
    mockAddress.url = new URL('http://localhost/dash?sale=cars-a&lot=lot-2');
    renderBoard(rows());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith('/dash?sale=cars-a&lot=lot-2&show=open', {
      scroll: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith('/dash?sale=cars-a&lot=lot-2&show=closed', {
      scroll: false,
    });
    expect(lotIds()).toEqual(['lot-2', 'lot-4']);
    // "All" is the address without `show`.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith('/dash?sale=cars-a&lot=lot-2', {
      scroll: false,
    });
    expect(mockRouter.replace).toHaveBeenCalledTimes(3);
    expect(lotIds()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4', 'lot-5']);
  });

  it('keeps the filter in French too', () => {
    mockAddress.url = new URL('http://localhost/dash?sale=cars-a&show=closed');
    renderBoard(rows(), 'fr');
    expect(lotIds()).toEqual(['lot-2', 'lot-4']);
    expect(screen.getByRole('button', { name: 'Fermés' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Ouverts' }));
    expect(mockRouter.replace).toHaveBeenLastCalledWith('/dash?sale=cars-a&show=open', {
      scroll: false,
    });
    expect(lotIds()).toEqual(['lot-1', 'lot-5']);
  });
});
