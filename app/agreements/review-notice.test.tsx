import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import type { Decision } from '@/lib/agreements/agreement';
import { agreementFixture } from '@/lib/agreements/testing/agreement-fixture';
import { ApiError } from '@/lib/api/api-error';
import { ReviewNotice } from './review-notice';

const agreement = agreementFixture({ lotTitle: 'Vase Ming' });
const offline = new ApiError('network', 'The server could not be reached');

function renderFailed(decision: Decision | 'reopen', locale: 'en' | 'fr' = 'en') {
  const onRetry = jest.fn();
  const notice = {
    kind: 'failed',
    agreement,
    decision,
    reason: 'Wrong buyer',
    error: offline,
  } as const;
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
      <ReviewNotice notice={notice} onRetry={onRetry} onDismiss={() => {}} />
    </NextIntlClientProvider>,
  );
  return { onRetry, notice };
}

it.each<[Decision | 'reopen', 'en' | 'fr', string]>([
  [
    'approve',
    'en',
    'The decision on Vase Ming was not saved: the network connection failed. The agreement is back as it was.',
  ],
  [
    'reopen',
    'en',
    'The reopening of Vase Ming was not saved: the network connection failed. The decision stands as it was.',
  ],
  [
    'reopen',
    'fr',
    'La réouverture de Vase Ming n’a pas été enregistrée : la connexion réseau a échoué. La décision reste telle qu’elle était.',
  ],
])('a failed %s (%s) says what was not saved, with a retry', async (decision, locale, text) => {
  const { onRetry, notice } = renderFailed(decision, locale);
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  await userEvent.click(
    screen.getByRole('button', { name: locale === 'en' ? 'Try again' : 'Réessayer' }),
  );
  expect(onRetry).toHaveBeenCalledWith(notice);
});

it.each([
  [
    'en',
    'The agreement for Vase Ming cannot be approved yet: a flag on its lot must be reviewed first.',
    'Review the flags on the sale desk',
  ],
  [
    'fr',
    'L’accord pour Vase Ming ne peut pas encore être approuvé : une alerte sur son lot doit d’abord être examinée.',
    'Examiner les alertes au pupitre de vente',
  ],
] as const)(
  'an approval held back by flags (%s) says why and links to them',
  (locale, text, link) => {
    const flags = [{ id: 'self-raise:s/l:b', rule: 'self-raise', state: 'escalated' }] as const;
    render(
      <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr} timeZone="UTC">
        <ReviewNotice
          notice={{ kind: 'held', agreement, flags: [...flags] }}
          onRetry={() => {}}
          onDismiss={() => {}}
        />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: link })).toHaveAttribute(
      'href',
      `/dash?sale=${encodeURIComponent(agreement.auctionId)}&lot=${encodeURIComponent(agreement.lotId)}`,
    );
  },
);
