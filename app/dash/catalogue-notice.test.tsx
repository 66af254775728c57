import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { ApiError } from '@/lib/api/api-error';
import { CatalogueNotice } from './catalogue-notice';

const unavailable = new ApiError('http_error', 'HTTP 503', { status: 503 });

function renderNotice(
  desk: { catalogueLoaded: boolean; catalogueError: unknown },
  locale: 'en' | 'fr' = 'en',
) {
  const onRetry = jest.fn();
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
      <CatalogueNotice desk={desk} onRetry={onRetry} />
    </NextIntlClientProvider>,
  );
  return onRetry;
}

it('says the catalogue failed, and why, with a retry', async () => {
  const onRetry = renderNotice({ catalogueLoaded: false, catalogueError: unavailable });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The sales catalogue could not be loaded: the server had a problem (HTTP 503). Lot numbers, estimates and reserves are missing until it is.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Load the catalogue again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

it('in French too', () => {
  renderNotice({ catalogueLoaded: false, catalogueError: unavailable }, 'fr');
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Le catalogue des ventes n’a pas pu être chargé : le serveur a rencontré un problème (HTTP 503).',
  );
  expect(screen.getByRole('button', { name: 'Recharger le catalogue' })).toBeInTheDocument();
});

it.each([
  ['no read has failed', { catalogueLoaded: false, catalogueError: null }],
  [
    'a catalogue came before the failed re-read',
    { catalogueLoaded: true, catalogueError: unavailable },
  ],
])('says nothing when %s', (_name, desk) => {
  renderNotice(desk);
  expect(screen.queryByRole('alert')).toBeNull();
});
