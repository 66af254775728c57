import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { createBidStore } from '@/lib/realtime/bid-store';
import type { LotState } from '@/lib/realtime/sale-desk-store';
import type { Sale } from '@/lib/sales/lot';
import { saleLotKey } from '@/lib/sales/sale-lot-key';
import { DashboardKpis } from './dashboard-kpis';

const at = Date.UTC(2026, 10, 23, 12, 0, 0);
const timetoken = (n: number) => String((at + n * 1_000) * 10_000);

function bid(n: number, lotId: string, amount: number, currency = 'EUR') {
  return {
    timetoken: timetoken(n),
    payload: {
      type: 'bid.placed',
      v: 1,
      bidId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      auctionId: 'sale-a',
      lotId,
      lotTitle: `Lot ${lotId}`,
      bidder: `Paddle ${n}`,
      amount,
      currency,
      placedAt: new Date(at + n * 1_000).toISOString(),
    },
  };
}

/** A real store's snapshot after these messages (notified at once, no frames in a test). */
function snapshotAfter(messages: { timetoken: string; payload: unknown }[], live = true) {
  const store = createBidStore({ schedule: (flush) => flush() });
  if (live) store.setConnection('live');
  store.ingest(messages);
  return store.getSnapshot();
}

function renderKpis(
  snapshot: ReturnType<typeof snapshotAfter>,
  lotStates: ReadonlyMap<string, LotState> = new Map(),
  sales: readonly Sale[] = [],
) {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <DashboardKpis snapshot={snapshot} sales={sales} lotStates={lotStates} now={at + 10_000} />
    </NextIntlClientProvider>,
  );
}

it('sums the high bids of open lots only, per currency, and says so', () => {
  renderKpis(
    snapshotAfter([
      bid(1, 'open-1', 100_000),
      bid(2, 'open-1', 150_000),
      bid(3, 'open-2', 20_000),
      bid(4, 'closed', 990_000),
      {
        timetoken: timetoken(5),
        payload: {
          type: 'lot.closed',
          v: 1,
          auctionId: 'sale-a',
          lotId: 'closed',
          winningBidId: null,
          closedAt: new Date(at + 5_000).toISOString(),
        },
      },
      bid(6, 'open-3', 5_000, 'GBP'),
    ]),
  );
  expect(screen.getByText('High bids on open lots, EUR').nextSibling).toHaveTextContent('€1,700');
  expect(screen.getByText('High bids on open lots, GBP').nextSibling).toHaveTextContent('£50');
});

it('reads as waiting while connecting', () => {
  renderKpis(snapshotAfter([], false));
  expect(screen.getByTestId('open-high-bids')).toHaveTextContent('Waiting for live bids…');
});

it('says no open lot has a bid once live with none', () => {
  renderKpis(snapshotAfter([]));
  expect(screen.getByText('High bids on open lots')).toBeInTheDocument();
  expect(screen.getByTestId('open-high-bids')).toHaveTextContent('No open lot has a bid');
});

it('counts the open lots with no bid yet, as the sales do', () => {
  const catalogued = (lotId: string, lotNumber: number) => ({
    auctionId: 'sale-a',
    lotId,
    lotNumber,
    lotTitle: `Lot ${lotId}`,
    currency: 'EUR',
    lowEstimate: 1,
    highEstimate: 2,
    reserve: null,
    startingBid: 1,
    scheduledCloseAt: null,
  });
  renderKpis(
    snapshotAfter([bid(1, 'open-1', 100_000)]),
    new Map<string, LotState>([
      [saleLotKey('sale-a', 'open-1'), { open: true, closesAt: null, sold: false }],
      [saleLotKey('sale-a', 'opened-no-bid'), { open: true, closesAt: null, sold: false }],
      // Neither catalogued nor bid on: on no board, so not counted.
      [saleLotKey('sale-a', 'unlisted'), { open: true, closesAt: null, sold: false }],
    ]),
    [
      {
        auctionId: 'sale-a',
        saleTitle: 'Sale A',
        lots: [catalogued('open-1', 1), catalogued('opened-no-bid', 2)],
      },
    ],
  );
  expect(screen.getByTestId('open-lots')).toHaveTextContent('2');
});
