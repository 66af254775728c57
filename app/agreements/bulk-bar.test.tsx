import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { Agreement } from '@/lib/agreements/agreement';
import type { RowOutcome } from '@/lib/agreements/bulk-outcome';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { BulkBar, type BulkState } from './bulk-bar';

const rows = (count: number): Agreement[] =>
  Array.from({ length: count }, (_, index) => agreementFixture({ id: `agreement-${index}` }));

function renderBar(
  locale: 'en' | 'fr',
  chosen: number,
  {
    approvable = chosen,
    state = { kind: 'idle' },
  }: { approvable?: number; state?: BulkState } = {},
) {
  const selectable = rows(Math.max(chosen, 3));
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <BulkBar
        selectable={selectable}
        chosen={selectable.slice(0, chosen)}
        approvable={selectable.slice(0, approvable)}
        state={state}
        onSelectAll={() => {}}
        onDecide={() => {}}
        onRetry={() => {}}
        onRefresh={() => {}}
        onDismiss={() => {}}
      />
    </NextIntlClientProvider>,
  );
}

describe('BulkBar: its counts agree with their words', () => {
  it.each([
    [1, '1 sélectionné', 'Approuver 1 accord sélectionné', 'Rejeter 1 accord sélectionné'],
    [2, '2 sélectionnés', 'Approuver 2 accords sélectionnés', 'Rejeter 2 accords sélectionnés'],
  ])('in French, %d chosen', (chosen, count, approve, reject) => {
    renderBar('fr', chosen);
    expect(screen.getByText(count)).toBeVisible();
    expect(screen.getByRole('button', { name: approve })).toBeVisible();
    expect(screen.getByRole('button', { name: reject })).toBeVisible();
  });

  it('in French, approving fewer than are chosen counts what it approves', () => {
    renderBar('fr', 2, { approvable: 1 });
    expect(screen.getByRole('button', { name: 'Approuver 1 accord sélectionné' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rejeter 2 accords sélectionnés' })).toBeVisible();
  });

  it.each([
    [1, 'Approve 1 selected', 'Reject 1 selected'],
    [2, 'Approve 2 selected', 'Reject 2 selected'],
  ])('in English, %d chosen', (chosen, approve, reject) => {
    renderBar('en', chosen);
    expect(screen.getByRole('button', { name: approve })).toBeVisible();
    expect(screen.getByRole('button', { name: reject })).toBeVisible();
  });

  it.each([
    [
      'fr',
      ['approved', 'conflict', 'conflict'],
      '3 décisions envoyées : 1 approuvé, 2 modifiés ailleurs.',
    ],
    [
      'en',
      ['approved', 'conflict', 'conflict'],
      '3 decisions sent: 1 approved, 2 changed elsewhere.',
    ],
    ['fr', ['held'], '1 décision envoyée : 1 retenu par des alertes à examiner.'],
  ] as const)('in %s, the outcome of a bulk decision: %j', (locale, outcomes, text) => {
    renderBar(locale, 0, { state: { kind: 'done', outcomes: [...outcomes] as RowOutcome[] } });
    expect(screen.getByRole('status')).toHaveTextContent(text, { normalizeWhitespace: true });
  });
});
