import { fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { StoredBid } from '@/lib/realtime/bid-store';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { carsA, flagOnCarsA } from '@/lib/sale-desk/testing/flags-view';
import { acknowledgedFlagsKey } from '@/lib/sales/acknowledged-flags';
import { FlagsPanel } from './flags-panel';

const sales = carsA;
const flag = flagOnCarsA;

function renderPanel(flags: Flag[], bids: StoredBid[] = [], locale: 'en' | 'fr' = 'en') {
  const ui = (shown: Flag[], held: StoredBid[]) => (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <FlagsPanel flags={shown} sales={sales} bids={held} />
    </NextIntlClientProvider>
  );
  const view = render(ui(flags, bids));
  return { rerender: (shown: Flag[], held: StoredBid[] = bids) => view.rerender(ui(shown, held)) };
}

const storedBid = (n: number, amount: number): StoredBid => ({
  type: 'bid.placed',
  v: 1,
  bidId: `bid-${n}`,
  auctionId: 'cars-a',
  lotId: 'mustang',
  lotTitle: '1967 Ford Mustang Shelby GT500',
  bidder: 'Paddle 5',
  amount,
  currency: 'EUR',
  placedAt: '2026-11-21T10:00:00.000Z',
  timetoken: `1763719200000000${n}`,
});

beforeEach(() => window.localStorage.clear());

describe('FlagsPanel', () => {
  it('lists flags with rule, lot number, sale and paddles, and counts per rule', () => {
    renderPanel([flag(2, 'late'), flag(1)]);
    const items = screen.getAllByTestId('flag');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('jump · Lot 7 · Cars A');
    expect(items[1]).toHaveTextContent('Paddles: Paddle 5');
    expect(screen.getByTestId('flag-count-jump')).toHaveTextContent('1');
    expect(screen.getByTestId('flag-count-late')).toHaveTextContent('1');
    expect(screen.getByTestId('flag-count-burst')).toHaveTextContent('0');
  });

  it.each([
    ['en', /2 bids: Paddle 5 €10\.00, Paddle 5 €12\.00 · 10:00:00\sAM/],
    // French sets a space before the colon.
    ['fr', /2 enchères : Paddle 5 10,00\s€, Paddle 5 12,00\s€ · 10:00:00/],
  ] as const)('names the bids that raised a flag, with their amounts, in %s', (locale, text) => {
    const raised = { ...flag(1, 'self-raise'), bidIds: ['bid-1', 'bid-2'] };
    renderPanel([raised], [storedBid(2, 1_200), storedBid(1, 1_000)], locale);
    expect(screen.getByTestId('flag')).toHaveTextContent(text);
  });

  it('acknowledges a flag in localStorage; acknowledged ones hide unless asked for', () => {
    renderPanel([flag(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(screen.queryAllByTestId('flag')).toHaveLength(0);
    expect(JSON.parse(window.localStorage.getItem(acknowledgedFlagsKey)!)).toEqual([flag(1).id]);
    fireEvent.click(screen.getByLabelText('Show acknowledged flags'));
    const item = screen.getByTestId('flag');
    expect(item).toHaveAttribute('data-acknowledged', 'true');
    expect(within(item).getByText('Acknowledged')).toBeInTheDocument();
  });

  it('acknowledging moves the focus to the flag that takes its place, then to the one before, then to the heading', () => {
    renderPanel([flag(3, 'late'), flag(2, 'burst'), flag(1)]);
    const buttonOf = (rule: string) =>
      within(screen.getAllByTestId('flag').find((item) => item.dataset.rule === rule)!).getByRole(
        'button',
        { name: 'Acknowledge' },
      );
    buttonOf('late').focus();
    fireEvent.click(buttonOf('late'));
    expect(buttonOf('burst')).toHaveFocus();
    // The last of the list: the one before takes the focus.
    buttonOf('jump').focus();
    fireEvent.click(buttonOf('jump'));
    expect(buttonOf('burst')).toHaveFocus();
    fireEvent.click(buttonOf('burst'));
    expect(screen.getByText('No flag raised.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Flags' })).toHaveFocus();
  });

  it('with acknowledged flags shown, acknowledging moves the focus to the next flag still to acknowledge', () => {
    renderPanel([flag(2, 'late'), flag(1)]);
    fireEvent.click(screen.getByLabelText('Show acknowledged flags'));
    const [late, jump] = screen.getAllByTestId('flag');
    fireEvent.click(within(late!).getByRole('button', { name: 'Acknowledge' }));
    expect(within(jump!).getByRole('button', { name: 'Acknowledge' })).toHaveFocus();
  });

  it('remembers acknowledgements across a reload', () => {
    window.localStorage.setItem(acknowledgedFlagsKey, JSON.stringify([flag(1).id]));
    renderPanel([flag(1), flag(2)]);
    expect(screen.getAllByTestId('flag')).toHaveLength(1);
  });

  it("shows a flag's bids while the store holds them, with the lot's title", () => {
    const { rerender } = renderPanel([flag(1)], [storedBid(1, 150_000)]);
    const item = screen.getByTestId('flag');
    expect(item).toHaveTextContent('Lot 7 · 1967 Ford Mustang Shelby GT500 · Cars A');
    expect(item).toHaveTextContent('1 bid: Paddle 5 €1,500.00');
    // A later bid leaves the flag as it was; once its bid has left the store, the amount goes.
    rerender([flag(1)], [storedBid(2, 160_000), storedBid(1, 150_000)]);
    expect(screen.getByTestId('flag')).toHaveTextContent('1 bid: Paddle 5 €1,500.00');
    rerender([flag(1)], [storedBid(2, 160_000)]);
    expect(screen.getByTestId('flag')).not.toHaveTextContent('€1,500.00');
  });
});
