// The lot panel: the ladder of the bids the store's window holds, its leader and underbidder, a
// late bid struck through, and the panel's focus and Escape.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bid, closedOn, fakeLotRecord, recordRoute, renderPanel } from './lot-panel-harness';

fakeLotRecord();

it('shows the ladder of this sale only, newest first, with leader and underbidder', () => {
  renderPanel([
    bid(4, 'Paddle 1', 120_000),
    bid(3, 'Paddle 9', 990_000, 'cars-b'),
    bid(2, 'Paddle 2', 110_000),
    bid(1, 'Paddle 1', 100_000),
  ]);
  expect(
    screen.getByRole('heading', { name: 'Lot 2 · 1967 Ford Mustang Shelby GT500' }),
  ).toBeInTheDocument();
  const steps = screen.getAllByTestId('ladder-step');
  expect(steps).toHaveLength(3);
  expect(steps[0]).toHaveTextContent('+€100.00');
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Paddle 1, €1,200.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 2, €1,100.00');
  expect(screen.getByText('near')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Close the panel' })).toHaveAttribute(
    'href',
    '/dash?sale=cars-a',
  );
  // The store's window holds every bid the board counts: the record is not read.
  expect(recordRoute.calls).toEqual([]);
  expect(screen.queryByRole('status')).toBeNull();
});

it('a bid placed after the close is marked, struck through, and is neither leader nor underbidder', () => {
  const winning = bid(2, 'Online 5521', 120_000);
  renderPanel(
    [bid(5, 'Paddle 342', 130_000), winning, bid(1, 'Paddle 1', 110_000)],
    3,
    closedOn(winning),
  );
  const [late, won] = screen.getAllByTestId('ladder-step');
  expect(late).toHaveAttribute('data-late', 'true');
  expect(late).toHaveTextContent('Paddle 342€1,300.00after the close');
  expect(won).not.toHaveAttribute('data-late');
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Online 5521, €1,200.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 1, €1,100.00');
});

it('labels the paddle and the increment for a screen reader, in French with its colon', () => {
  renderPanel([bid(2, 'Paddle 2', 110_000), bid(1, 'Paddle 1', 100_000)], 2, {}, 'fr');
  const newest = screen.getAllByTestId('ladder-step')[0]!;
  // A space before the colon, as French sets it (the message's no-break space).
  expect(newest.textContent).toMatch(/^Palette\u00a0: Paddle 2.*Pas\u00a0: \+100,00\s€/);
});

it('takes the focus as it opens, and Escape inside it follows its close link', async () => {
  renderPanel([], 0);
  const heading = screen.getByRole('heading', { name: 'Lot 2 · 1967 Ford Mustang Shelby GT500' });
  expect(heading).toHaveFocus();
  const close = screen.getByRole('link', { name: 'Close the panel' });
  const followed: string[] = [];
  // The link's own navigation is the router's; here only that Escape clicks it is checked.
  close.addEventListener('click', (event) => {
    event.preventDefault();
    followed.push(close.getAttribute('href')!);
  });
  await userEvent.keyboard('{Escape}');
  expect(followed).toEqual(['/dash?sale=cars-a']);
});
