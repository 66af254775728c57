import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { IncomingMessage, StoredBid } from '@/lib/realtime/bid-store';
import type { HistoryPage } from '@/lib/realtime/history-pages';
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
  closedWhenDue: false,
  reserve: 'near',
  flags: 0,
  sold: false,
  closedTimetoken: null,
};

const bid = (n: number, bidder: string, amount: number, auctionId = 'cars-a'): StoredBid => ({
  type: 'bid.placed',
  v: 1,
  bidId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  auctionId,
  lotId: 'lot-2',
  lotTitle: row.lotTitle,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: '2026-11-21T10:00:00.000Z',
  timetoken: String(17_637_000_000_000_000 + n * 10_000),
});

const noHistory: HistoryPage = () => Promise.reject(new Error('history is not needed here'));

/** History as the relay answers it: the newest page before `before`, oldest first. */
function historyOf(bids: StoredBid[]): HistoryPage {
  const messages: IncomingMessage[] = bids
    .map(({ timetoken, ...payload }) => ({ timetoken, payload }))
    .sort((a, b) => (BigInt(a.timetoken) < BigInt(b.timetoken) ? -1 : 1));
  return async (before) =>
    messages
      .filter((m) => before === undefined || BigInt(m.timetoken) < BigInt(before))
      .slice(-100);
}

const now = Date.parse('2026-11-21T10:05:00.000Z');

function renderPanel(
  bids: StoredBid[],
  history: HistoryPage,
  counted = row.bidCount,
  shown: Partial<SaleLotRow> = {},
  locale: 'en' | 'fr' = 'en',
) {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <LotPanel
        auctionId="cars-a"
        lotId="lot-2"
        row={{ ...row, bidCount: counted, ...shown }}
        catalogueLoaded
        bids={bids}
        history={history}
      />
    </NextIntlClientProvider>,
  );
}

it('shows the ladder of this sale only, newest first, with leader and underbidder', () => {
  renderPanel(
    [
      bid(4, 'Paddle 1', 120_000),
      bid(3, 'Paddle 9', 990_000, 'cars-b'),
      bid(2, 'Paddle 2', 110_000),
      bid(1, 'Paddle 1', 100_000),
    ],
    noHistory,
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
  expect(screen.getByRole('link', { name: 'Close the panel' })).toHaveAttribute(
    'href',
    '/dash?sale=cars-a',
  );
});

it('a bid placed after the close is marked, struck through, and is neither leader nor underbidder', () => {
  const winning = bid(2, 'Online 5521', 120_000);
  const closed = { open: false, phase: 'closed' as const, sold: true };
  renderPanel([bid(5, 'Paddle 342', 130_000), winning, bid(1, 'Paddle 1', 110_000)], noHistory, 3, {
    ...closed,
    closedTimetoken: String(BigInt(winning.timetoken) + 1n),
  });
  const [late, won] = screen.getAllByTestId('ladder-step');
  expect(late).toHaveAttribute('data-late', 'true');
  expect(late).toHaveTextContent('Paddle 342€1,300.00after the close');
  expect(won).not.toHaveAttribute('data-late');
  expect(screen.getByTestId('lot-leader')).toHaveTextContent('Online 5521, €1,200.00');
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 1, €1,100.00');
});

it('labels the paddle and the increment for a screen reader, in French with its colon', () => {
  renderPanel([bid(2, 'Paddle 2', 110_000), bid(1, 'Paddle 1', 100_000)], noHistory, 2, {}, 'fr');
  const newest = screen.getAllByTestId('ladder-step')[0]!;
  // A space before the colon, as French sets it (the message's no-break space).
  expect(newest.textContent).toMatch(/^Palette\u00a0: Paddle 2.*Pas\u00a0: \+100,00\s€/);
});

// 150 bids on the lot (two pages of history): the store's window held only the newest 20.
const ladder = Array.from({ length: 150 }, (_, n) =>
  bid(n + 1, `Paddle ${n % 2}`, 100_000 + n * 5_000),
).reverse();

it('reads the bids older than the window from history: every bid, each once', async () => {
  renderPanel(ladder.slice(0, 20), historyOf(ladder), 150);
  expect(screen.getByRole('status')).toHaveTextContent('Loading older bids of this lot…');
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(150), {
    timeout: 4_000,
  });
  const steps = screen.getAllByTestId('ladder-step');
  expect(steps[0]).toHaveTextContent('€8,450.00');
  expect(steps.at(-1)).toHaveTextContent('€1,000.00');
  expect(screen.queryByTestId('ladder-partial')).toBeNull();
});

it('says how much history still holds when it lacks the oldest bids', async () => {
  renderPanel(ladder.slice(0, 20), historyOf(ladder.slice(0, 120)), 150);
  await waitFor(() =>
    expect(screen.getByTestId('ladder-partial')).toHaveTextContent(
      'History holds 120 of the 150 bids counted on this lot.',
    ),
  );
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(120);
});

it('offers to try again when history fails, and shows the older bids then', async () => {
  let failing = true;
  const working = historyOf(ladder);
  renderPanel(
    ladder.slice(0, 20),
    (before) => (failing ? Promise.reject(new Error('503')) : working(before)),
    150,
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Older bids of this lot could not be loaded.');
  // The bids the store holds stay shown meanwhile.
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(20);
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(150), {
    timeout: 4_000,
  });
  expect(screen.queryByRole('alert')).toBeNull();
});

it('takes the focus as it opens, and Escape inside it follows its close link', async () => {
  renderPanel([], noHistory, 0);
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

it.each([
  [
    'open with a close ahead',
    { phase: 'open', closesAt: '2026-11-21T10:06:30.000Z' },
    'Open, closes at 10:06:30 AM',
  ],
  ['open with no close known', { phase: 'open', closesAt: null }, 'Open'],
  [
    'open past its scheduled close',
    { phase: 'open', closesAt: '2026-11-21T10:04:00.000Z' },
    'Open, closing',
  ],
  [
    'not open yet',
    { phase: 'upcoming', closesAt: '2026-11-21T10:20:00.000Z' },
    'Not open yet, closes at 10:20:00 AM',
  ],
  [
    'catalogued, past its close, its sale yet to reach it: late',
    { phase: 'upcoming', closesAt: '2026-11-21T10:00:00.000Z' },
    'Not open yet, due to close at 10:00:00 AM',
  ],
  [
    'catalogued, past its close, its sale gone past it: skipped',
    { phase: 'upcoming', closesAt: '2026-11-21T10:00:00.000Z', closedWhenDue: true },
    'Closed',
  ],
  ['closed', { phase: 'closed', closesAt: '2026-11-21T10:00:00.000Z' }, 'Closed'],
] as const)('says where the lot stands: %s', (_, shown, expected) => {
  jest.useFakeTimers({ now });
  try {
    renderPanel([], noHistory, 0, shown);
    expect(screen.getByTestId('lot-status').textContent).toBe(expected);
  } finally {
    jest.useRealTimers();
  }
});

it('turns to closing within a second of the scheduled close, as the board does', () => {
  jest.useFakeTimers({ now });
  try {
    renderPanel([], noHistory, 0, { phase: 'open', closesAt: '2026-11-21T10:05:02.000Z' });
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
        history={async () => []}
      />
    </NextIntlClientProvider>,
  );
  expect(screen.getByText(text)).toBeInTheDocument();
});
