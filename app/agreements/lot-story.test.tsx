import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { LotStory as Story } from '@/lib/sales/lot-story';
import { LotStory } from './lot-story';

const story: Story = {
  auctionId: 'paris-2026',
  lotId: 'lot-12',
  lotNumber: 12,
  lotTitle: 'Blue Nude',
  currency: 'EUR',
  lowEstimate: 1_000_000,
  highEstimate: 1_500_000,
  reserve: 900_000,
  startingBid: 500_000,
  scheduledCloseAt: null,
  status: 'sold',
  highBid: 1_200_000,
  bids: 14,
  bidders: 3,
  leader: 'P-7',
  underbidder: 'P-3',
  lastBidAt: '2026-11-28T10:04:00.000Z',
  reserveState: 'met',
  closesAt: null,
  openedAt: null,
  startedAt: '2026-11-28T10:00:00.000Z',
  closedAt: '2026-11-28T10:05:00.000Z',
  closedTimetoken: '17960000000000000',
  hammer: 1_200_000,
  buyer: 'P-7',
  saleTitle: 'Paris Modern Art',
  flags: [
    {
      id: 'self-raise:paris-2026/lot-12:b9',
      rule: 'self-raise',
      auctionId: 'paris-2026',
      lotId: 'lot-12',
      lotTitle: 'Blue Nude',
      paddles: ['P-7'],
      bidIds: ['b8', 'b9'],
      bids: [],
      raisedAt: '2026-11-28T10:03:00.000Z',
      timetoken: '17960000000000000',
      state: 'cleared',
      reviews: [
        {
          outcome: 'cleared',
          note: 'Bidder confirmed by phone',
          loginId: 'sue',
          displayName: 'Sue Grant',
          reviewedAt: '2026-11-28T10:10:00.000Z',
        },
      ],
    },
  ],
};

const renderStory = (value: Story, locale: 'en' | 'fr' = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <LotStory story={value} />
    </NextIntlClientProvider>,
  );

describe("the lot's story beside an agreement (contract §14)", () => {
  it('tells the hammer, underbidder, bids, bidders, estimate, reserve and flags, with a link', () => {
    renderStory(story);
    const section = screen.getByRole('region', { name: "The lot's story" });
    for (const text of [
      'LotLot 12 · Paris Modern Art',
      'StatusSold',
      'Hammer€12,000.00',
      'UnderbidderP-3',
      'Bids14',
      'Bidders3',
      'Estimate€10,000.00 – €15,000.00',
      'Reservemet',
    ])
      expect(section).toHaveTextContent(text);
    const flag = within(section).getByTestId('lot-story-flag');
    expect(flag).toHaveTextContent('self-raise · Cleared');
    expect(flag).toHaveTextContent('Cleared by Sue Grant');
    expect(flag).toHaveTextContent('Bidder confirmed by phone');
    expect(
      within(section).getByRole('link', { name: 'Open the lot on the sale desk' }),
    ).toHaveAttribute('href', '/dash?sale=paris-2026&lot=lot-12');
  });

  it('in French; a lot without flags says so', () => {
    renderStory({ ...story, flags: [], status: 'passed', hammer: null, underbidder: null }, 'fr');
    const section = screen.getByRole('region', { name: 'L’histoire du lot' });
    expect(section).toHaveTextContent('ÉtatInvendu');
    expect(section).toHaveTextContent('Aucune alerte sur ce lot.');
  });
});
