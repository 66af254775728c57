// The lot panel says where the lot stands (open, closing, to come, closed), and what it knows of
// a lot with no row.
import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { LotPanel } from './lot-panel';
import { fakeLotRecord, recordRoute, renderPanel } from './lot-panel-harness';

fakeLotRecord();

const now = Date.parse('2026-11-21T10:05:00.000Z');

it.each<[string, Partial<SaleLotRow>, string]>([
  [
    'open with a close ahead',
    { phase: 'open', status: 'open', closesAt: '2026-11-21T10:06:30.000Z' },
    'Open, closes at 10:06:30 AM',
  ],
  ['open with no close known', { phase: 'open', status: 'open', closesAt: null }, 'Open'],
  [
    'open past its scheduled close',
    { phase: 'open', status: 'open', closesAt: '2026-11-21T10:04:00.000Z' },
    'Open, closing',
  ],
  [
    'not open yet',
    { phase: 'upcoming', status: 'upcoming', closesAt: '2026-11-21T10:20:00.000Z' },
    'Not open yet, closes at 10:20:00 AM',
  ],
  [
    'catalogued, past its close, not opened yet: late, however long ago',
    { phase: 'upcoming', status: 'upcoming', closesAt: '2026-11-21T08:00:00.000Z' },
    'Not open yet, due to close at 8:00:00 AM',
  ],
  ['sold', { phase: 'closed', status: 'sold', closesAt: '2026-11-21T10:06:00.000Z' }, 'Closed'],
  ['passed', { phase: 'closed', status: 'passed', closesAt: '2026-11-21T10:00:00.000Z' }, 'Closed'],
])('says where the lot stands: %s', (_, shown, expected) => {
  jest.useFakeTimers({ now });
  try {
    renderPanel([], 0, shown);
    expect(screen.getByTestId('lot-status').textContent).toBe(expected);
  } finally {
    jest.useRealTimers();
  }
});

it('turns to closing within a second of the scheduled close, as the board does', () => {
  jest.useFakeTimers({ now });
  try {
    renderPanel([], 0, { phase: 'open', closesAt: '2026-11-21T10:05:02.000Z' });
    expect(screen.getByTestId('lot-status').textContent).toBe('Open, closes at 10:05:02 AM');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByTestId('lot-status').textContent).toBe('Open, closing');
  } finally {
    jest.useRealTimers();
  }
});

it.each([
  [true, 'This lot is not in the catalogue of this sale, and has no bid yet.'],
  [false, 'This lot is not known yet: the catalogue has not loaded, and no bid on it has arrived.'],
])('a lot with no row, the catalogue loaded: %s', (catalogueLoaded, text) => {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <LotPanel
        auctionId="cars-a"
        lotId="lot-9"
        row={undefined}
        catalogueLoaded={catalogueLoaded}
        bids={[]}
      />
    </NextIntlClientProvider>,
  );
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(recordRoute.calls).toEqual([]);
});
