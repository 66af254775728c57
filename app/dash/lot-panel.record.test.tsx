// The lot panel reads the bids older than the store's window from the record, page by page: every
// bid once, the late ones marked, a failure offered again, the read cancelled on close.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { LotPanel } from './lot-panel';
import {
  bid,
  bidsPath,
  closedOn,
  fakeLotRecord,
  recordRoute,
  renderPanel,
  row,
} from './lot-panel-harness';

fakeLotRecord();

// 150 bids on the lot (two pages of the record): the store's window held only the newest 20.
const ladder = Array.from({ length: 150 }, (_, n) =>
  bid(n + 1, `Paddle ${n % 2}`, 100_000 + n * 5_000),
).reverse();

it('reads the bids older than the window from the record: every bid, each once', async () => {
  recordRoute.recorded = ladder;
  renderPanel(ladder.slice(0, 20), 150);
  expect(screen.getByRole('status')).toHaveTextContent('Loading older bids of this lot…');
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(150), {
    timeout: 4_000,
  });
  const steps = screen.getAllByTestId('ladder-step');
  expect(steps[0]).toHaveTextContent('€8,450.00');
  expect(steps[0]).toHaveTextContent('+€50.00');
  expect(steps.at(-1)).toHaveTextContent('€1,000.00');
  expect(new Set(steps.map((step) => step.textContent)).size).toBe(150);
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Paddle 1, €8,450.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 0, €8,400.00');
  expect(screen.queryByTestId('ladder-partial')).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
  // Page after page, from the newest: the second from the first page's oldest bid.
  expect(recordRoute.calls).toEqual([
    `GET ${bidsPath}`,
    `GET ${bidsPath}?cursor=${ladder[99]!.timetoken}`,
  ]);
});

it('stops reading once it has as many bids as the board counts', async () => {
  // The record holds more than the board counted when the panel opened (bids since): one page.
  recordRoute.recorded = ladder;
  renderPanel(ladder.slice(0, 20), 60);
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(recordRoute.calls).toEqual([`GET ${bidsPath}`]);
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(100);
});

it('says how many bids the record holds when it lacks the oldest ones', async () => {
  recordRoute.recorded = ladder.slice(0, 120);
  renderPanel(ladder.slice(0, 20), 150);
  await waitFor(() =>
    expect(screen.getByTestId('ladder-partial')).toHaveTextContent(
      'The record holds 120 of the 150 bids counted on this lot.',
    ),
  );
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(120);
  expect(recordRoute.calls).toHaveLength(2);
});

it('marks the late bids the record holds, and keeps them out of the leader and underbidder', async () => {
  const winning = bid(4, 'Online 5521', 130_000);
  recordRoute.recorded = [
    bid(6, 'Paddle 2', 150_000),
    bid(5, 'Paddle 342', 140_000),
    winning,
    bid(3, 'Paddle 1', 120_000),
    bid(2, 'Paddle 2', 110_000),
    bid(1, 'Paddle 1', 100_000),
  ];
  recordRoute.recordedClose = closedOn(winning).closedTimetoken!;
  // The window holds only the newest bid, a late one.
  renderPanel(recordRoute.recorded.slice(0, 1), 6, closedOn(winning));
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(6));
  const steps = screen.getAllByTestId('ladder-step');
  expect(steps.map((step) => step.hasAttribute('data-late'))).toEqual([
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
  expect(steps[1]).toHaveTextContent('Paddle 342€1,400.00after the close');
  expect(steps[2]).toHaveTextContent('+€100.00');
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Online 5521, €1,300.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 1, €1,200.00');
});

it('asks the record for the lot by its ids, encoded whatever their text', async () => {
  const lot = { auctionId: 'cars a/1', lotId: 'lot #2?' };
  const older = { ...bid(1, 'Paddle 1', 100_000), ...lot };
  const newer = { ...bid(2, 'Paddle 2', 110_000), ...lot };
  recordRoute.recorded = [newer, older];
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <LotPanel {...lot} row={{ ...row, ...lot, bidCount: 2 }} catalogueLoaded bids={[newer]} />
    </NextIntlClientProvider>,
  );
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(2));
  expect(recordRoute.calls).toEqual(['GET /api/sales/cars%20a%2F1/lots/lot%20%232%3F/bids']);
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 1, €1,000.00');
});

it('offers to try again when the record fails, and shows the older bids then', async () => {
  recordRoute.recorded = ladder;
  recordRoute.failing = true;
  renderPanel(ladder.slice(0, 20), 150);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Older bids of this lot could not be loaded.');
  // The bids the store holds stay shown meanwhile.
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(20);
  expect(recordRoute.calls).toEqual([`GET ${bidsPath}`]);
  recordRoute.failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(150), {
    timeout: 4_000,
  });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(recordRoute.calls).toHaveLength(3);
});

it('cancels its read of the record when it closes', async () => {
  recordRoute.recorded = ladder;
  recordRoute.hanging = true;
  const view = renderPanel(ladder.slice(0, 20), 150);
  await waitFor(() => expect(recordRoute.signals).toHaveLength(1));
  expect(recordRoute.signals[0]!.aborted).toBe(false);
  view.unmount();
  expect(recordRoute.signals[0]!.aborted).toBe(true);
});
