import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import type { LotSummary } from '@/lib/realtime/bid-store';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import { LotLeaderboard } from './lot-leaderboard';

let viewport: ReturnType<typeof fakeViewport>;
beforeEach(() => {
  viewport = fakeViewport();
});

const summary = (extra: Partial<LotSummary>): LotSummary => ({
  key: JSON.stringify(['cars-a', 'mustang']),
  auctionId: 'cars-a',
  lotId: 'mustang',
  lotTitle: '1967 Ford Mustang',
  currency: 'EUR',
  highBid: 5_000_000,
  bidCount: 3,
  leader: 'Paddle 12',
  lastTimetoken: '17640000000000000',
  lastBidTimetoken: '17640000000000000',
  closedTimetoken: null,
  ...extra,
});

function renderBoard(lots: LotSummary[]) {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <LotLeaderboard lots={lots} labelOf={() => ({ lotNumber: 7, saleTitle: 'Cars A' })} />
    </NextIntlClientProvider>,
  );
}

describe('LotLeaderboard', () => {
  it('shows a lot’s high bid, bids, leader and state', () => {
    renderBoard([summary({})]);
    const row = screen.getByRole('row', { name: /Lot 7/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€50,000.00', '3', 'Paddle 12', 'Open']);
  });

  it('shows no high bid or leader for a closed lot whose bids seen all came after its close', () => {
    renderBoard([summary({ highBid: null, leader: null, closedTimetoken: '17630000000000000' })]);
    const row = screen.getByRole('row', { name: /Lot 7/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['—', '3', '—', 'Closed']);
  });

  it('says the same on a phone', () => {
    viewport.setMobile(true);
    renderBoard([summary({ highBid: null, leader: null, closedTimetoken: '17630000000000000' })]);
    expect(screen.getByText(/High bid/).textContent).toMatch(/^High bid: — · Bids: 3$/);
    expect(screen.getByText(/Leader/).textContent).toBe('Leader: — · Closed');
  });
});
