import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { LotStatus } from '@/lib/sale-desk/lot-record';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import { SaleLotBoard } from './sale-lot-board';

// Next's router needs the app's own context: the address is faked here, as a store the board's
// `useSearchParams` reads and `router.replace` writes, so a filter chosen shows as it would.
const mockAddress = {
  url: new URL('http://localhost/dash?sale=cars-a'),
  listeners: new Set<() => void>(),
  go(href: string) {
    mockAddress.url = new URL(href, mockAddress.url);
    for (const listener of mockAddress.listeners) listener();
  },
};
const mockRouter = { replace: jest.fn((href: string) => mockAddress.go(href)) };
jest.mock('next/navigation', () => {
  const { useSyncExternalStore } = jest.requireActual<typeof import('react')>('react');
  const useSearch = () =>
    useSyncExternalStore(
      (listener) => {
        mockAddress.listeners.add(listener);
        return () => mockAddress.listeners.delete(listener);
      },
      () => mockAddress.url.search,
    );
  return {
    usePathname: () => {
      useSearch();
      return mockAddress.url.pathname;
    },
    useSearchParams: () => new URLSearchParams(useSearch()),
    useRouter: () => mockRouter,
  };
});

let viewport: ReturnType<typeof fakeViewport>;
// jsdom lays nothing out and has no scrollIntoView: a stub records which element asked for it.
const scrollIntoView = jest.fn<void, [(boolean | ScrollIntoViewOptions)?]>();
beforeEach(() => {
  viewport = fakeViewport();
  mockAddress.url = new URL('http://localhost/dash?sale=cars-a');
  mockRouter.replace.mockClear();
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterAll(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

const phaseOf = (status: LotStatus) =>
  status === 'upcoming' ? 'upcoming' : status === 'open' ? 'open' : 'closed';

/** A row as the sale view builds it: its phase, `open` and `sold` follow its `status`. */
const row = (
  lotNumber: number,
  extra: Partial<SaleLotRow> = {},
  auctionId = 'cars-a',
): SaleLotRow => {
  const status = extra.status ?? 'open';
  return {
    key: JSON.stringify([auctionId, `lot-${lotNumber}`]),
    auctionId,
    lotId: `lot-${lotNumber}`,
    lotNumber,
    lotTitle: `Title ${lotNumber}`,
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 200_000,
    highBid: null,
    bidCount: 0,
    leader: null,
    lastBidAt: null,
    startedAt: null,
    open: status === 'open',
    phase: phaseOf(status),
    status,
    closesAt: null,
    reserve: 'not-met',
    flags: 0,
    sold: status === 'sold',
    hammer: null,
    buyer: null,
    closedTimetoken: null,
    ...extra,
  };
};

const sold = (lotNumber: number, extra: Partial<SaleLotRow> = {}) =>
  row(lotNumber, {
    status: 'sold',
    highBid: 150_000,
    bidCount: 3,
    leader: 'Paddle 2',
    reserve: 'met',
    hammer: 150_000,
    buyer: 'Paddle 2',
    closedTimetoken: '17637000000000000',
    ...extra,
  });
const passed = (lotNumber: number, extra: Partial<SaleLotRow> = {}) =>
  row(lotNumber, { status: 'passed', closedTimetoken: '17637000000000000', ...extra });

function inLocale(locale: 'en' | 'fr', board: ReactNode) {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      {board}
    </NextIntlClientProvider>
  );
}

const renderBoard = (
  rows: SaleLotRow[],
  locale: 'en' | 'fr' = 'en',
  props: { lotPanelOpen?: boolean } = {},
) => render(inLocale(locale, <SaleLotBoard rows={rows} {...props} />));

const lotIds = () => screen.getAllByTestId('board-lot').map((item) => item.dataset.lotId);
const boardLot = (lotId: string) =>
  screen.getAllByTestId('board-lot').find((item) => item.dataset.lotId === lotId)!;

describe('SaleLotBoard', () => {
  it('shows the rows in the order given, with estimate, reserve state and flags', () => {
    renderBoard([
      row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2', reserve: 'met' }),
      passed(2, { flags: 2 }),
    ]);
    expect(lotIds()).toEqual(['lot-1', 'lot-2']);
    const [first, second] = screen.getAllByTestId('board-lot');
    expect(first).toHaveTextContent('€1,000.00 – €2,000.00');
    expect(first).toHaveTextContent('€1,500.00');
    expect(first).toHaveTextContent('Paddle 2');
    expect(first).toHaveTextContent('met');
    expect(second).toHaveAttribute('data-flagged', 'true');
    expect(second).toHaveTextContent('2 flags');
  });

  it('filters open and closed lots, sold and passed ones both closed', () => {
    renderBoard([row(1), sold(2), row(3, { status: 'upcoming' }), passed(4)]);
    expect(lotIds()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4']);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(lotIds()).toEqual(['lot-2', 'lot-4']);
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(lotIds()).toEqual(['lot-1']);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(lotIds()).toEqual(['lot-1', 'lot-2', 'lot-3', 'lot-4']);
  });

  it('says so when a filter leaves no lot', () => {
    renderBoard([row(1), row(2, { status: 'upcoming' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(screen.queryAllByTestId('board-lot')).toHaveLength(0);
    expect(screen.getByText('No lot in this view.')).toBeInTheDocument();
  });

  it('counts down to a known close', () => {
    renderBoard([row(1, { closesAt: new Date(Date.now() + 90_500).toISOString() })]);
    expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:(30|31)/);
  });

  it('moves the countdown and the time since the last bid on every second, bids or not', () => {
    jest.useFakeTimers();
    try {
      renderBoard([
        row(1, {
          closesAt: new Date(Date.now() + 90_500).toISOString(),
          lastBidAt: Date.now() - 5_000,
        }),
      ]);
      expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:31/);
      expect(screen.getByTestId('board-lot')).toHaveTextContent('5 sec. ago');
      act(() => jest.advanceTimersByTime(2_000));
      expect(screen.getByTestId('board-lot')).toHaveTextContent(/in 1:29/);
      expect(screen.getByTestId('board-lot')).toHaveTextContent('7 sec. ago');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the new figures of the row a bid changed, in the same row element', () => {
    const view = renderBoard([row(1), row(2, { highBid: 120_000, bidCount: 1 })]);
    const [, before] = screen.getAllByTestId('board-lot');
    view.rerender(
      inLocale(
        'en',
        <SaleLotBoard
          rows={[row(1), row(2, { highBid: 130_000, bidCount: 2, leader: 'Paddle 9' })]}
        />,
      ),
    );
    const [, after] = screen.getAllByTestId('board-lot');
    expect(after).toBe(before);
    expect(after).toHaveTextContent('€1,300.00');
    expect(after).toHaveTextContent('Paddle 9');
  });

  it('turns a row to sold when its lot closes, in the same row element', () => {
    const view = renderBoard([row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2' })]);
    const before = screen.getByTestId('board-lot');
    expect(before.querySelector('[data-status]')).toBeNull();
    // Closed on a winning bid the record does not hold yet, then the record's read brings it.
    view.rerender(inLocale('en', <SaleLotBoard rows={[sold(1, { hammer: null, buyer: null })]} />));
    expect(screen.getByTestId('board-lot')).toBe(before);
    expect(before.querySelector('[data-status="sold"]')?.textContent).toBe('Sold');
    view.rerender(inLocale('en', <SaleLotBoard rows={[sold(1)]} />));
    const after = screen.getByTestId('board-lot');
    expect(after).toBe(before);
    expect(after.querySelector('[data-status="sold"]')?.textContent).toBe(
      'Sold €1,500.00 · Paddle 2',
    );
  });

  it('is cards, not a table, at 700px and below', () => {
    viewport.setMobile(true);
    renderBoard([row(1)]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('board-lot')).toHaveClass('lot-card');
  });

  it.each([
    [
      'en',
      [
        ['Status', 'Open'],
        ['Closes', '—'],
        ['High bid', '€1,500.00'],
        ['Leader', 'Paddle 2'],
        ['Bids', '3'],
        ['Reserve', 'not met'],
        ['Last bid', '—'],
        ['Estimate', '€1,000.00 – €2,000.00'],
      ],
    ],
    [
      'fr',
      [
        ['État', 'Ouvert'],
        ['Clôture', '—'],
        ['Meilleure offre', '1\u202f500,00\u00a0€'],
        ['En tête', 'Paddle 2'],
        ['Enchères', '3'],
        ['Prix de réserve', 'non atteint'],
        ['Dernière enchère', '—'],
        ['Estimation', '1\u202f000,00\u00a0€ – 2\u202f000,00\u00a0€'],
      ],
    ],
  ] as const)('labels each figure of a card in %s, the label above its value', (locale, pairs) => {
    viewport.setMobile(true);
    renderBoard([row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2' })], locale);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms.map((term, index) => [term, values[index]])).toEqual(pairs);
  });
});

describe('a closed lot', () => {
  // The status cell: the table's last column, or the card's first figure.
  const statusOf = (lotId: string, layout: 'table' | 'cards') =>
    layout === 'table'
      ? boardLot(lotId).querySelector('td:last-child')!
      : within(boardLot(lotId)).getAllByRole('definition')[0]!;

  it.each([
    ['en', 'table', 'Sold €1,500.00 · Paddle 2', 'Sold', 'Passed', 'Open'],
    ['en', 'cards', 'Sold €1,500.00 · Paddle 2', 'Sold', 'Passed', 'Open'],
    ['fr', 'table', 'Adjugé 1\u202f500,00\u00a0€ · Paddle 2', 'Adjugé', 'Invendu', 'Ouvert'],
    ['fr', 'cards', 'Adjugé 1\u202f500,00\u00a0€ · Paddle 2', 'Adjugé', 'Invendu', 'Ouvert'],
  ] as const)(
    'reads sold at its hammer price to its buyer, or passed (%s, %s)',
    (locale, layout, soldText, unpricedText, passedText, openText) => {
      viewport.setMobile(layout === 'cards');
      renderBoard(
        [
          row(1),
          // Its hammer (the winning bid) is not its high bid: a late bid was higher.
          sold(2, { highBid: 160_000, leader: 'Paddle 7' }),
          // Sold on a winning bid the record lacks: no price to show.
          sold(3, { hammer: null, buyer: null }),
          passed(4, { highBid: 90_000, bidCount: 2, leader: 'Paddle 5' }),
        ],
        locale,
      );
      expect(screen.queryAllByRole('table')).toHaveLength(layout === 'table' ? 1 : 0);
      expect(statusOf('lot-1', layout)).toHaveTextContent(new RegExp(`^${openText}$`));
      expect(statusOf('lot-1', layout).querySelector('[data-status]')).toBeNull();
      const soldCell = statusOf('lot-2', layout).querySelector('[data-status]');
      expect(soldCell).toHaveAttribute('data-status', 'sold');
      expect(soldCell?.textContent).toBe(soldText);
      const unpriced = statusOf('lot-3', layout).querySelector('[data-status]');
      expect(unpriced).toHaveAttribute('data-status', 'sold');
      expect(unpriced?.textContent).toBe(unpricedText);
      const passedCell = statusOf('lot-4', layout).querySelector('[data-status]');
      expect(passedCell).toHaveAttribute('data-status', 'passed');
      expect(passedCell?.textContent).toBe(passedText);
    },
  );

  it('shows no countdown, whatever close it had', () => {
    renderBoard([
      sold(1, { closesAt: new Date(Date.now() + 90_500).toISOString() }),
      passed(2, { closesAt: new Date(Date.now() - 90_500).toISOString() }),
    ]);
    for (const lotId of ['lot-1', 'lot-2'])
      expect(boardLot(lotId)).not.toHaveTextContent(/in \d|closing|late/i);
  });
});

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

describe('a long sale', () => {
  /** `count` lots of `auctionId`: the first `closedFirst` closed, the rest open or to come. */
  const sale = (count: number, closedFirst: number, auctionId = 'cars-a') =>
    Array.from({ length: count }, (_, index) => {
      const lotNumber = index + 1;
      if (lotNumber <= closedFirst)
        return row(lotNumber, { status: lotNumber % 3 === 0 ? 'passed' : 'sold' }, auctionId);
      return row(
        lotNumber,
        { status: lotNumber <= closedFirst + 2 ? 'open' : 'upcoming' },
        auctionId,
      );
    });
  const scrolledTo = () =>
    scrollIntoView.mock.contexts.map((element) => (element as HTMLElement).dataset.lotId);

  it.each([
    ['a table', false],
    ['cards', true],
  ])('opens at its first open lot, in %s, once', (_, mobile) => {
    viewport.setMobile(mobile);
    const view = renderBoard(sale(21, 15));
    expect(scrolledTo()).toEqual(['lot-16']);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    // A bid, a close: the board stays where the clerk has scrolled it.
    view.rerender(
      inLocale('en', <SaleLotBoard rows={sale(21, 16).map((r) => ({ ...r, bidCount: 4 }))} />),
    );
    expect(scrolledTo()).toEqual(['lot-16']);
  });

  it('opens another sale at its own first open lot', () => {
    const view = renderBoard(sale(30, 10));
    expect(scrolledTo()).toEqual(['lot-11']);
    view.rerender(inLocale('en', <SaleLotBoard rows={sale(25, 4, 'cars-b')} />));
    expect(scrolledTo()).toEqual(['lot-11', 'lot-5']);
  });

  it('does not scroll a board of 20 lots or fewer', () => {
    renderBoard(sale(20, 15));
    expect(screen.getAllByTestId('board-lot')).toHaveLength(20);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not scroll while the lot panel is open', () => {
    renderBoard(sale(21, 15), 'en', { lotPanelOpen: true });
    expect(screen.getAllByTestId('board-lot')).toHaveLength(21);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does not scroll when no lot is open', () => {
    renderBoard(sale(21, 21));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});

describe('a catalogued lot nobody has bid on', () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const statusesOf = () =>
    screen
      .getAllByTestId('board-lot')
      .map((item) => (item.textContent?.includes('Not open yet') ? 'upcoming' : 'other'));

  it('reads "Not open yet" until the record says otherwise, however late its close', () => {
    renderBoard([
      row(1, { status: 'upcoming', closesAt: ago(-60 * 60_000) }),
      // A live sale running behind its schedule: it has yet to reach the lot.
      row(2, { status: 'upcoming', closesAt: ago(60_000) }),
      row(3, { status: 'upcoming', closesAt: null }),
      // Its close long past while later lots sold: still to come until the record says so.
      row(4, { status: 'upcoming', closesAt: ago(3 * 60 * 60_000) }),
      sold(5),
      passed(6),
    ]);
    expect(statusesOf()).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'other',
      'other',
    ]);
  });

  it('counts down to its scheduled close before it opens, then says how late it runs', () => {
    renderBoard([
      row(1, { status: 'upcoming', closesAt: ago(-90_500) }),
      row(2, { status: 'upcoming', closesAt: ago(130_000) }),
      passed(3, { closesAt: ago(130_000) }),
    ]);
    const [first, second, third] = screen.getAllByTestId('board-lot');
    expect(first).toHaveTextContent(/in 1:(30|31)/);
    expect(second).toHaveTextContent(/2:1[01] late/);
    expect(second).not.toHaveTextContent(/closing/i);
    expect(third).not.toHaveTextContent(/in \d|closing|late/i);
  });

  it('says how late it runs in French too', () => {
    renderBoard([row(1, { status: 'upcoming', closesAt: ago(130_000) })], 'fr');
    expect(screen.getByTestId('board-lot')).toHaveTextContent(/retard 2:1[01]/);
    expect(screen.getByTestId('board-lot')).toHaveTextContent('À venir');
  });
});
