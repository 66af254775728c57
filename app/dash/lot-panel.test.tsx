import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { StoredBid } from '@/lib/sale-desk/stored-messages';
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
  startedAt: null,
  open: true,
  phase: 'open',
  status: 'open',
  closesAt: null,
  reserve: 'near',
  flags: 0,
  sold: false,
  hammer: null,
  buyer: null,
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

// The console's record, behind `GET /api/sales/{auctionId}/lots/{lotId}/bids?cursor=` (jsdom has
// no fetch: the network is the boundary faked here). It answers as the route does: newest first,
// in pages of 100, each bid with its rise over the one before; the cursor is the page's oldest.
const pageSize = 100;
let recorded: StoredBid[] = [];
/** The lot's close as the record has it: the route flags the bids after it late. */
let recordedClose: string | null = null;
let failing = false;
/** The record does not answer until the read is cancelled, as a real fetch would. */
let hanging = false;
let calls: string[] = [];
let signals: AbortSignal[] = [];

function answer(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(),
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

function recordAnswer(path: string): Response {
  const url = new URL(path, 'http://localhost');
  const match = /^\/api\/sales\/([^/]+)\/lots\/([^/]+)\/bids$/.exec(url.pathname);
  const [auctionId, lotId] = (match?.slice(1) ?? []).map(decodeURIComponent);
  const bids = recorded
    .filter((bid) => bid.auctionId === auctionId && bid.lotId === lotId)
    .sort((a, b) => (BigInt(a.timetoken) > BigInt(b.timetoken) ? -1 : 1));
  if (!match || bids.length === 0)
    return answer(404, { error: { code: 'not_found', message: 'There is no such lot.' } });
  const cursor = url.searchParams.get('cursor');
  const after = bids.filter((bid) => cursor === null || BigInt(bid.timetoken) < BigInt(cursor));
  const shown = after.slice(0, pageSize);
  return answer(200, {
    items: shown.map((bid, index) => {
      const before = after[index + 1];
      return {
        bidId: bid.bidId,
        bidder: bid.bidder,
        amount: bid.amount,
        currency: bid.currency,
        placedAt: bid.placedAt,
        increment: before ? bid.amount - before.amount : null,
        timetoken: bid.timetoken,
        late: recordedClose !== null && BigInt(bid.timetoken) > BigInt(recordedClose),
      };
    }),
    nextCursor: after.length > pageSize ? shown.at(-1)!.timetoken : null,
  });
}

const realFetch = globalThis.fetch;
beforeEach(() => {
  recorded = [];
  recordedClose = null;
  failing = false;
  hanging = false;
  calls = [];
  signals = [];
  globalThis.fetch = jest.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(path)}`);
    if (init?.signal) signals.push(init.signal);
    if (hanging)
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The read was cancelled', 'AbortError')),
        ),
      );
    if (failing)
      return answer(503, { error: { code: 'unavailable', message: 'Try again later.' } });
    return recordAnswer(String(path));
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const bidsPath = '/api/sales/cars-a/lots/lot-2/bids';

const now = Date.parse('2026-11-21T10:05:00.000Z');

function renderPanel(
  bids: StoredBid[],
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
      />
    </NextIntlClientProvider>,
  );
}

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
  expect(calls).toEqual([]);
  expect(screen.queryByRole('status')).toBeNull();
});

const closedOn = (winning: StoredBid): Partial<SaleLotRow> => ({
  open: false,
  phase: 'closed',
  status: 'sold',
  sold: true,
  hammer: winning.amount,
  buyer: winning.bidder,
  closedTimetoken: String(BigInt(winning.timetoken) + 1n),
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

// 150 bids on the lot (two pages of the record): the store's window held only the newest 20.
const ladder = Array.from({ length: 150 }, (_, n) =>
  bid(n + 1, `Paddle ${n % 2}`, 100_000 + n * 5_000),
).reverse();

it('reads the bids older than the window from the record: every bid, each once', async () => {
  recorded = ladder;
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
  expect(calls).toEqual([`GET ${bidsPath}`, `GET ${bidsPath}?cursor=${ladder[99]!.timetoken}`]);
});

it('stops reading once it has as many bids as the board counts', async () => {
  // The record holds more than the board counted when the panel opened (bids since): one page.
  recorded = ladder;
  renderPanel(ladder.slice(0, 20), 60);
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(calls).toEqual([`GET ${bidsPath}`]);
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(100);
});

it('says how many bids the record holds when it lacks the oldest ones', async () => {
  recorded = ladder.slice(0, 120);
  renderPanel(ladder.slice(0, 20), 150);
  await waitFor(() =>
    expect(screen.getByTestId('ladder-partial')).toHaveTextContent(
      'The record holds 120 of the 150 bids counted on this lot.',
    ),
  );
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(120);
  expect(calls).toHaveLength(2);
});

it('marks the late bids the record holds, and keeps them out of the leader and underbidder', async () => {
  const winning = bid(4, 'Online 5521', 130_000);
  recorded = [
    bid(6, 'Paddle 2', 150_000),
    bid(5, 'Paddle 342', 140_000),
    winning,
    bid(3, 'Paddle 1', 120_000),
    bid(2, 'Paddle 2', 110_000),
    bid(1, 'Paddle 1', 100_000),
  ];
  recordedClose = closedOn(winning).closedTimetoken!;
  // The window holds only the newest bid, a late one.
  renderPanel(recorded.slice(0, 1), 6, closedOn(winning));
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
  recorded = [newer, older];
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <LotPanel {...lot} row={{ ...row, ...lot, bidCount: 2 }} catalogueLoaded bids={[newer]} />
    </NextIntlClientProvider>,
  );
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(2));
  expect(calls).toEqual(['GET /api/sales/cars%20a%2F1/lots/lot%20%232%3F/bids']);
  expect(screen.getByTestId('lot-underbidder')).toHaveTextContent('Paddle 1, €1,000.00');
});

it('offers to try again when the record fails, and shows the older bids then', async () => {
  recorded = ladder;
  failing = true;
  renderPanel(ladder.slice(0, 20), 150);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Older bids of this lot could not be loaded.');
  // The bids the store holds stay shown meanwhile.
  expect(screen.getAllByTestId('ladder-step')).toHaveLength(20);
  expect(calls).toEqual([`GET ${bidsPath}`]);
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getAllByTestId('ladder-step')).toHaveLength(150), {
    timeout: 4_000,
  });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(calls).toHaveLength(3);
});

it('cancels its read of the record when it closes', async () => {
  recorded = ladder;
  hanging = true;
  const view = renderPanel(ladder.slice(0, 20), 150);
  await waitFor(() => expect(signals).toHaveLength(1));
  expect(signals[0]!.aborted).toBe(false);
  view.unmount();
  expect(signals[0]!.aborted).toBe(true);
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
  expect(calls).toEqual([]);
});
