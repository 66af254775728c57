import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { SaleLotRow } from '@/lib/sales/sale-view';
import { fakeViewport } from '@/lib/viewport/testing/fake-viewport';
import { LotLeaderboard } from './lot-leaderboard';

let viewport: ReturnType<typeof fakeViewport>;
beforeEach(() => {
  viewport = fakeViewport();
});

const row = (
  auctionId: string,
  lotNumber: number,
  extra: Partial<SaleLotRow> = {},
): SaleLotRow => ({
  key: JSON.stringify([auctionId, `lot-${lotNumber}`]),
  auctionId,
  lotId: `lot-${lotNumber}`,
  lotNumber,
  lotTitle: '1967 Ford Mustang',
  currency: 'EUR',
  lowEstimate: 4_000_000,
  highEstimate: 6_000_000,
  highBid: 5_000_000,
  bidCount: 3,
  leader: 'Paddle 12',
  lastBidAt: null,
  startedAt: null,
  open: true,
  phase: 'open',
  status: 'open',
  closesAt: null,
  reserve: 'met',
  sold: false,
  hammer: null,
  buyer: null,
  closedTimetoken: null,
  flags: 0,
  ...extra,
});

const titles: Record<string, string> = { 'cars-a': 'Cars A', 'cars-b': 'Cars B' };

function renderBoard(rows: SaleLotRow[], locale: 'en' | 'fr' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <LotLeaderboard rows={rows} saleTitleOf={(id) => titles[id] ?? id} />
    </NextIntlClientProvider>,
  );
}

const lotNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getByRole('rowheader').textContent);

describe('LotLeaderboard', () => {
  it('lists the lots open now with their high bid, bids and leader, each naming its sale', () => {
    renderBoard([row('cars-a', 7)]);
    const tr = screen.getByRole('row', { name: /Lot 7/ });
    expect(within(tr).getByRole('rowheader').textContent).toMatch(/Cars A/);
    expect(
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€50,000.00', '3', 'Paddle 12']);
  });

  it('leaves out lots to come, sold or passed; the latest to start first; a bid moves none', () => {
    const rows = [
      row('cars-a', 1, { open: false, phase: 'closed', status: 'sold', sold: true }),
      row('cars-a', 2, { startedAt: 1_000 }),
      row('cars-a', 3, { open: false, phase: 'upcoming', status: 'upcoming' }),
      row('cars-b', 1, { startedAt: 2_000 }),
      row('cars-b', 2, { open: false, phase: 'closed', status: 'passed' }),
    ];
    const { rerender } = renderBoard(rows);
    const expected = [
      expect.stringMatching(/^Lot 1,.*Cars B$/),
      expect.stringMatching(/^Lot 2,.*Cars A$/),
    ];
    expect(lotNames()).toEqual(expected);
    // Many bids on the lot listed second: it stays second.
    const later = rows.map((one) =>
      one.auctionId === 'cars-a' && one.lotNumber === 2
        ? { ...one, bidCount: 9, lastBidAt: 9_000 }
        : one,
    );
    rerender(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <LotLeaderboard rows={later} saleTitleOf={(id) => titles[id] ?? id} />
      </NextIntlClientProvider>,
    );
    expect(lotNames()).toEqual(expected);
    expect(screen.getByRole('row', { name: /Lot 2,.*Cars A/ })).toHaveTextContent('9');
  });

  it('shows twelve and says how many more are open; says so when none is', () => {
    const many = Array.from({ length: 15 }, (_, i) => row('cars-a', i + 1));
    renderBoard(many);
    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('3 more lots open: see their sales')).toBeInTheDocument();
  });

  it('says when no lot is open, in French too', () => {
    renderBoard(
      [row('cars-a', 1, { open: false, phase: 'closed', status: 'sold', sold: true })],
      'fr',
    );
    expect(screen.getByText('Aucun lot n’est ouvert.')).toBeInTheDocument();
  });

  it('says the same on a phone', () => {
    viewport.setMobile(true);
    renderBoard([row('cars-a', 7, { highBid: null, leader: null, bidCount: 0 })]);
    expect(screen.getByText(/High bid/).textContent).toMatch(/^High bid: — · Bids: 0$/);
    expect(screen.getByText(/Leader/).textContent).toBe('Leader: —');
  });
});
