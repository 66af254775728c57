import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { BidStoreSnapshot } from '@/lib/realtime/bid-store';
import { BidRateSparkline } from './bid-rate-sparkline';

// 300 seconds of counts: 3 bids in each of the first 10 seconds, then 1 a second for 10 seconds.
const ratePerSecond = Array.from({ length: 300 }, (_, second) =>
  second < 10 ? 3 : second < 20 ? 1 : 0,
);
const snapshot = { ratePerSecond } as unknown as BidStoreSnapshot;

const renderSparkline = (inSaleFocus: boolean, locale: 'en' | 'fr' = 'en') =>
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <BidRateSparkline snapshot={snapshot} inSaleFocus={inSaleFocus} />
    </NextIntlClientProvider>,
  );

describe('BidRateSparkline', () => {
  it('sums the last 5 minutes and names the busiest 10 seconds, for everyone', () => {
    renderSparkline(false);
    expect(screen.getByRole('heading', { name: 'Bid rate, last 5 minutes' })).toBeInTheDocument();
    const summary = '40 bids in the last 5 minutes, at most 30 in 10 seconds.';
    expect(screen.getByRole('img', { name: summary })).toBeInTheDocument();
    expect(screen.getByText(summary)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Bid rate of every sale, last 5 minutes'],
    ['fr', 'Rythme des enchères de toutes les ventes, 5 dernières minutes'],
  ] as const)(
    'in a sale focus, says in %s that it counts every sale, not the focused one',
    (locale, title) => {
      renderSparkline(true, locale);
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    },
  );
});
