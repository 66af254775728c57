import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import { SaleLotBoard } from './sale-lot-board';

let viewport: ReturnType<typeof fakeViewport>;
beforeEach(() => {
  viewport = fakeViewport();
});

const row = (lotNumber: number, extra: Partial<SaleLotRow> = {}): SaleLotRow => ({
  key: JSON.stringify(['cars-a', `lot-${lotNumber}`]),
  auctionId: 'cars-a',
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
  open: true,
  phase: extra.open === false ? 'closed' : 'open',
  closesAt: null,
  closedWhenDue: false,
  reserve: 'not-met',
  flags: 0,
  sold: false,
  closedTimetoken: null,
  ...extra,
});

const renderBoard = (rows: SaleLotRow[], locale: 'en' | 'fr' = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <SaleLotBoard rows={rows} />
    </NextIntlClientProvider>,
  );

const lotIds = () => screen.getAllByTestId('board-lot').map((item) => item.dataset.lotId);

describe('SaleLotBoard', () => {
  it('shows the rows in the order given, with estimate, reserve state and flags', () => {
    renderBoard([
      row(1, { highBid: 150_000, bidCount: 3, leader: 'Paddle 2', reserve: 'met' }),
      row(2, { flags: 2, open: false }),
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

  it('filters open and closed lots', () => {
    renderBoard([row(1), row(2, { open: false })]);
    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(lotIds()).toEqual(['lot-2']);
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(lotIds()).toEqual(['lot-1']);
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
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <SaleLotBoard
          rows={[row(1), row(2, { highBid: 130_000, bidCount: 2, leader: 'Paddle 9' })]}
        />
      </NextIntlClientProvider>,
    );
    const [, after] = screen.getAllByTestId('board-lot');
    expect(after).toBe(before);
    expect(after).toHaveTextContent('€1,300.00');
    expect(after).toHaveTextContent('Paddle 9');
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

describe('a catalogued lot nobody has bid on', () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const statusesOf = () =>
    screen
      .getAllByTestId('board-lot')
      .map((item) => (item.textContent?.includes('Not open yet') ? 'upcoming' : 'other'));

  it('reads "Not open yet" while to come, late or not; "Closed" once due if skipped', () => {
    renderBoard([
      row(1, { open: false, phase: 'upcoming', closesAt: ago(-60 * 60_000) }),
      // A live sale running behind its schedule: it has yet to reach the lot.
      row(2, { open: false, phase: 'upcoming', closesAt: ago(60_000) }),
      row(3, { open: false, phase: 'upcoming', closesAt: null }),
      // The sale has gone past it, or ran it before what this browser has seen.
      row(4, { open: false, phase: 'upcoming', closesAt: ago(60_000), closedWhenDue: true }),
      // Due to close later: to come whatever the sale did.
      row(5, { open: false, phase: 'upcoming', closesAt: ago(-60_000), closedWhenDue: true }),
    ]);
    expect(statusesOf()).toEqual(['upcoming', 'upcoming', 'upcoming', 'other', 'upcoming']);
  });

  it('counts down to its scheduled close before it opens, then says how late it runs', () => {
    renderBoard([
      row(1, { open: false, phase: 'upcoming', closesAt: ago(-90_500) }),
      row(2, { open: false, phase: 'upcoming', closesAt: ago(130_000) }),
      row(3, { open: false, phase: 'upcoming', closesAt: ago(130_000), closedWhenDue: true }),
    ]);
    const [first, second, third] = screen.getAllByTestId('board-lot');
    expect(first).toHaveTextContent(/in 1:(30|31)/);
    expect(second).toHaveTextContent(/2:1[01] late/);
    expect(second).not.toHaveTextContent(/closing/i);
    expect(third).not.toHaveTextContent(/in \d|closing|late/i);
  });

  it('says how late it runs in French too', () => {
    renderBoard([row(1, { open: false, phase: 'upcoming', closesAt: ago(130_000) })], 'fr');
    expect(screen.getByTestId('board-lot')).toHaveTextContent(/retard 2:1[01]/);
    expect(screen.getByTestId('board-lot')).toHaveTextContent('À venir');
  });
});
