import { fireEvent, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { StoredBid } from '@/lib/realtime/bid-store';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { acknowledgedFlagsKey } from '@/lib/sales/acknowledged-flags';
import type { Sale } from '@/lib/sales/lot';
import { FlagsPanel } from './flags-panel';
import { useFlagsNotNews } from './use-flags-not-news';

const sales: Sale[] = [
  {
    auctionId: 'cars-a',
    saleTitle: 'Cars A',
    lots: [
      {
        auctionId: 'cars-a',
        lotId: 'mustang',
        lotNumber: 7,
        lotTitle: '1967 Ford Mustang Shelby GT500',
        currency: 'EUR',
        lowEstimate: 1,
        highEstimate: 2,
        reserve: null,
        startingBid: 1,
        scheduledCloseAt: null,
      },
    ],
  },
];

const flag = (n: number, rule: Flag['rule'] = 'jump'): Flag => ({
  id: `${rule}:cars-a/mustang:${n}`,
  rule,
  auctionId: 'cars-a',
  lotId: 'mustang',
  paddles: ['Paddle 5'],
  bidIds: [`bid-${n}`],
  raisedAt: '2026-11-21T10:00:00.000Z',
});

/** The panel as the live dashboard gives it its flags: what is news follows the replay. */
function Panel({
  flags,
  replaying,
  bids,
}: {
  flags: Flag[];
  replaying: boolean;
  bids: StoredBid[];
}) {
  const notNews = useFlagsNotNews(flags, replaying);
  return <FlagsPanel flags={flags} sales={sales} bids={bids} notNews={notNews} />;
}

function renderPanel(
  flags: Flag[],
  replaying = false,
  bids: StoredBid[] = [],
  locale: 'en' | 'fr' = 'en',
) {
  const ui = (shown: Flag[], stillReplaying: boolean, held: StoredBid[]) => (
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <Panel flags={shown} replaying={stillReplaying} bids={held} />
    </NextIntlClientProvider>
  );
  const view = render(ui(flags, replaying, bids));
  return {
    rerender: (shown: Flag[], stillReplaying = false, held: StoredBid[] = bids) =>
      view.rerender(ui(shown, stillReplaying, held)),
  };
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
    renderPanel([raised], false, [storedBid(2, 1_200), storedBid(1, 1_000)], locale);
    expect(screen.getByTestId('flag')).toHaveTextContent(text);
  });

  it('announces only the flags raised after it appeared, politely', () => {
    const { rerender } = renderPanel([flag(1)]);
    const live = screen.getByTestId('flags-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(2, 'late'), flag(1)]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
  });

  it('does not announce the flags the replay of earlier bids raised, only later ones', () => {
    const { rerender } = renderPanel([], true);
    const live = screen.getByTestId('flags-announcement');
    rerender([flag(2), flag(1)], true);
    expect(live).toHaveTextContent(/^$/);
    rerender([flag(3, 'burst'), flag(2), flag(1)], false);
    // Raised while the replay was still going: shown, counted, not news.
    expect(live).toHaveTextContent(/^$/);
    expect(screen.getAllByTestId('flag')).toHaveLength(3);
    rerender([flag(4, 'late'), flag(3, 'burst'), flag(2), flag(1)]);
    expect(live).toHaveTextContent('New flag: late on lot 7');
  });

  it('appearing after the replay ended, announces what was raised since, not what the replay raised', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <FlagsPanel
          flags={[flag(2, 'late'), flag(1)]}
          sales={sales}
          bids={[]}
          notNews={new Set([flag(1).id])}
        />
      </NextIntlClientProvider>,
    );
    expect(screen.getByTestId('flags-announcement')).toHaveTextContent('New flag: late on lot 7');
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

  it('remembers acknowledgements across a reload', () => {
    window.localStorage.setItem(acknowledgedFlagsKey, JSON.stringify([flag(1).id]));
    renderPanel([flag(1), flag(2)]);
    expect(screen.getAllByTestId('flag')).toHaveLength(1);
  });

  it("shows a flag's bids while the store holds them, with the lot's title", () => {
    const { rerender } = renderPanel([flag(1)], false, [storedBid(1, 150_000)]);
    const item = screen.getByTestId('flag');
    expect(item).toHaveTextContent('Lot 7 · 1967 Ford Mustang Shelby GT500 · Cars A');
    expect(item).toHaveTextContent('1 bid: Paddle 5 €1,500.00');
    // A later bid leaves the flag as it was; once its bid has left the store, the amount goes.
    rerender([flag(1)], false, [storedBid(2, 160_000), storedBid(1, 150_000)]);
    expect(screen.getByTestId('flag')).toHaveTextContent('1 bid: Paddle 5 €1,500.00');
    rerender([flag(1)], false, [storedBid(2, 160_000)]);
    expect(screen.getByTestId('flag')).not.toHaveTextContent('€1,500.00');
  });
});
