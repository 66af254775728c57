import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import type { StoredBid } from '@/lib/realtime/bid-store';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { LotPanel } from './lot-panel';

const row: SaleLotRow = {
  key: JSON.stringify(['cars-a', 'lot-2']),
  auctionId: 'cars-a',
  lotId: 'lot-2',
  lotNumber: 2,
  lotTitle: '1967 Ford Mustang Shelby GT500',
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  highBid: 120_000,
  bidCount: 3,
  leader: 'Paddle 1',
  lastBidAt: null,
  open: true,
  phase: 'open',
  closesAt: null,
  reserve: 'near',
  flags: 0,
};

const bid = (n: number, bidder: string, amount: number, auctionId = 'cars-a') =>
  ({
    bidId: `bid-${n}`,
    auctionId,
    lotId: 'lot-2',
    bidder,
    amount,
    currency: 'EUR',
    placedAt: '2026-11-21T10:00:00.000Z',
  }) as StoredBid;

it('shows the ladder of this sale only, newest first, with leader and underbidder', () => {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <LotPanel
        auctionId="cars-a"
        lotId="lot-2"
        row={row}
        bids={[
          bid(4, 'Paddle 1', 120_000),
          bid(3, 'Paddle 9', 990_000, 'cars-b'),
          bid(2, 'Paddle 2', 110_000),
          bid(1, 'Paddle 1', 100_000),
        ]}
      />
    </NextIntlClientProvider>,
  );
  expect(
    screen.getByRole('heading', { name: 'Lot 2 · 1967 Ford Mustang Shelby GT500' }),
  ).toBeInTheDocument();
  const steps = screen.getAllByTestId('ladder-step');
  expect(steps).toHaveLength(3);
  expect(steps[0]).toHaveTextContent('+€100.00');
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Paddle 1, €1,200.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 2, €1,100.00');
  expect(screen.getByText('near')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Close the lot' })).toHaveAttribute(
    'href',
    '/dash?sale=cars-a',
  );
});
