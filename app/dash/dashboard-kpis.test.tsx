import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import type { BidPlaced, LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import { createBidStore } from '@/lib/realtime/bid-store';
import { applyBid, applyClosed, applyOpened, type LotRecord } from '@/lib/sale-desk/lot-record';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { DashboardKpis } from './dashboard-kpis';

const at = Date.UTC(2026, 10, 23, 12, 0, 0);
const timetoken = (n: number) => String((at + n * 1_000) * 10_000);

type Message = { timetoken: string; payload: BidPlaced | LotClosed | LotOpened };

function bid(n: number, lotId: string, amount: number, currency = 'EUR'): Message {
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

function opened(n: number, lotId: string): Message {
  return {
    timetoken: timetoken(n),
    payload: {
      type: 'lot.opened',
      v: 1,
      auctionId: 'sale-a',
      lotId,
      openedAt: new Date(at + n * 1_000).toISOString(),
      closesAt: null,
    },
  };
}

/** Sold on its high bid when `sold`, passed otherwise. */
function closed(n: number, lotId: string, sold: boolean): Message {
  return {
    timetoken: timetoken(n),
    payload: {
      type: 'lot.closed',
      v: 1,
      auctionId: 'sale-a',
      lotId,
      winningBidId: sold ? `00000000-0000-4000-8000-${'9'.repeat(12)}` : null,
      closedAt: new Date(at + n * 1_000).toISOString(),
    },
  };
}

/** A real store's snapshot after these messages (notified at once, no frames in a test). */
function snapshotAfter(messages: Message[], live = true) {
  const store = createBidStore({ schedule: (flush) => flush() });
  if (live) store.setConnection('live');
  store.ingest(messages);
  return store.getSnapshot();
}

/** Every lot's record after these messages, folded in order as the sale desk does. */
function recordsAfter(messages: Message[]): ReadonlyMap<string, LotRecord> {
  const records = new Map<string, LotRecord>();
  for (const { timetoken: tt, payload } of messages) {
    const key = saleLotKey(payload.auctionId, payload.lotId);
    const record = records.get(key);
    if (payload.type === 'bid.placed') records.set(key, applyBid(record, payload, tt));
    else if (payload.type === 'lot.opened') records.set(key, applyOpened(record, payload, tt));
    else {
      const winning =
        record && record.highBid !== null && record.leader !== null
          ? { amount: record.highBid, bidder: record.leader }
          : null;
      records.set(key, applyClosed(record, payload, tt, winning));
    }
  }
  return records;
}

function renderKpis(
  snapshot: ReturnType<typeof snapshotAfter>,
  records: ReadonlyMap<string, LotRecord> = new Map(),
) {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <DashboardKpis snapshot={snapshot} records={records} now={at + 10_000} />
    </NextIntlClientProvider>,
  );
}

it('sums the high bids of open lots only, per currency, and says so', () => {
  const messages = [
    bid(1, 'open-1', 100_000),
    bid(2, 'open-1', 150_000),
    bid(3, 'open-2', 20_000),
    bid(4, 'passed', 990_000),
    closed(5, 'passed', false),
    bid(6, 'open-3', 5_000, 'GBP'),
    bid(7, 'sold', 770_000),
    closed(8, 'sold', true),
  ];
  renderKpis(snapshotAfter(messages), recordsAfter(messages));
  expect(screen.getByText('High bids on open lots, EUR').nextSibling).toHaveTextContent('€1,700');
  expect(screen.getByText('High bids on open lots, GBP').nextSibling).toHaveTextContent('£50');
  expect(screen.getByTestId('open-lots')).toHaveTextContent('3');
  expect(screen.getByTestId('bids-last-minute')).toHaveTextContent('6');
});

it('takes the open lots and their high bids from the record, not from the bids this browser saw', () => {
  // A browser open since before the sale's first bids: its store holds none of them.
  renderKpis(
    snapshotAfter([]),
    recordsAfter([bid(1, 'open-1', 100_000), bid(2, 'open-1', 120_000), opened(3, 'open-2')]),
  );
  expect(screen.getByText('High bids on open lots, EUR').nextSibling).toHaveTextContent('€1,200');
  expect(screen.getByTestId('open-lots')).toHaveTextContent('2');
  expect(screen.getByTestId('bids-last-minute')).toHaveTextContent('0');
});

it('reads as waiting while connecting', () => {
  renderKpis(snapshotAfter([], false));
  expect(screen.getByTestId('open-high-bids')).toHaveTextContent('Waiting for live bids…');
});

it('says no open lot has a bid once live with none, a closed lot’s bids left out', () => {
  const messages = [opened(1, 'opened-no-bid'), bid(2, 'sold', 50_000), closed(3, 'sold', true)];
  renderKpis(snapshotAfter(messages), recordsAfter(messages));
  expect(screen.getByText('High bids on open lots')).toBeInTheDocument();
  expect(screen.getByTestId('open-high-bids')).toHaveTextContent('No open lot has a bid');
  expect(screen.getByTestId('open-lots')).toHaveTextContent('1');
});

it('counts the open lots, bid on or not; neither sold, passed nor re-opened twice', () => {
  const messages = [
    bid(1, 'open-1', 100_000),
    opened(2, 'opened-no-bid'),
    opened(3, 'sold'),
    bid(4, 'sold', 30_000),
    closed(5, 'sold', true),
    opened(6, 'passed'),
    closed(7, 'passed', false),
    // Offered again after its close: open again, once.
    opened(8, 'reoffered'),
    closed(9, 'reoffered', false),
    opened(10, 'reoffered'),
  ];
  renderKpis(snapshotAfter(messages), recordsAfter(messages));
  expect(screen.getByTestId('open-lots')).toHaveTextContent(/^3$/);
});
