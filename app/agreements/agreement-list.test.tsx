import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Agreement } from '@/lib/agreements/agreement';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import { AgreementList } from './agreement-list';

// jsdom has no matchMedia: a wide screen, the table.
beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  });
});

function renderRows(items: Agreement[], locale: 'en' | 'fr' = 'en') {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <AgreementList
        items={items}
        saving={{}}
        changedElsewhere={new Set()}
        viewer={{ loginId: 'sue', displayName: 'Sue Grant', role: 'supervisor' }}
        selected={new Set()}
        onSelect={() => {}}
        outcomes={{}}
        onAction={() => {}}
      />
    </NextIntlClientProvider>,
  );
}

const inCatalogue = agreementFixture({
  auctionId: 'paris-modern-art-2026',
  lotId: 'lot-0012',
  saleTitle: 'Paris Modern Art',
  lotNumber: 12,
  flags: { open: 1, escalated: 1, cleared: 2 },
});

describe('an agreement row says its lot in words (contract §14)', () => {
  it('its sale title and lot number, and its flags linking to the lot on the sale desk', () => {
    renderRows([inCatalogue]);
    const row = screen.getByText('Brass lamp').closest('tr')!;
    expect(row).toHaveTextContent('Lot 12 · Paris Modern Art');
    expect(row).not.toHaveTextContent('lot-0012');
    const badge = within(row).getByTestId('agreement-flags');
    expect(badge).toHaveTextContent('1 open flag · 1 escalated flag · 2 flags cleared');
    expect(badge).toHaveAttribute('href', '/dash?sale=paris-modern-art-2026&lot=lot-0012');
    expect(badge).toHaveAttribute('data-escalated', 'true');
  });

  it('in French, with plurals', () => {
    renderRows([{ ...inCatalogue, flags: { open: 2, escalated: 0, cleared: 1 } }], 'fr');
    const badge = screen.getByTestId('agreement-flags');
    expect(badge).toHaveTextContent('2 alertes ouvertes · 1 alerte levée');
    expect(badge).not.toHaveAttribute('data-escalated');
    expect(screen.getByText('Lot 12 · Paris Modern Art')).toBeInTheDocument();
  });

  it('a lot the catalogue lacks shows its ids; no flag, no badge', () => {
    renderRows([
      agreementFixture({
        saleTitle: null,
        lotNumber: null,
        flags: { open: 0, escalated: 0, cleared: 0 },
      }),
    ]);
    expect(screen.getByText('lot-7 · auction-1')).toBeInTheDocument();
    expect(screen.queryByTestId('agreement-flags')).toBeNull();
  });
});
