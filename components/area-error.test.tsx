// The error screen with the database down (contract §15): it asks /api/health, says the service
// is unavailable, and reads the page again by itself once the database answers. Any other failure
// keeps the plain message. `fetch` is faked (jsdom has none); the reporter is real but unset.
import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { AreaError } from './area-error';

const answers: number[] = [];
const asked: string[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  answers.length = 0;
  asked.length = 0;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    asked.push(String(url));
    const status = answers.shift() ?? 200;
    return { ok: status < 300, status } as Response;
  }) as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
});

function show(retry: () => void, locale: 'en' | 'fr' = 'en') {
  render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
      <AreaError error={new Error('boom')} retry={retry} reset={retry} />
    </NextIntlClientProvider>,
  );
}

const settle = () => act(async () => undefined);

it('says the service is unavailable while /api/health says the database is down, then retries', async () => {
  answers.push(503, 503, 200);
  const retry = jest.fn();
  show(retry);
  await settle();
  expect(screen.getByRole('heading')).toHaveTextContent('The service is unavailable for a moment');
  expect(screen.getByRole('status')).toHaveTextContent('cannot reach its database');
  await act(async () => jest.advanceTimersByTime(5_000));
  expect(retry).not.toHaveBeenCalled();
  await act(async () => jest.advanceTimersByTime(5_000));
  expect(retry).toHaveBeenCalledTimes(1);
  expect(asked).toEqual(['/api/health', '/api/health', '/api/health']);
  expect(screen.getByRole('heading')).toHaveTextContent('This page could not be shown');
});

it('keeps the plain message, and asks once, when the database is up', async () => {
  answers.push(200);
  const retry = jest.fn();
  show(retry);
  await settle();
  await act(async () => jest.advanceTimersByTime(30_000));
  expect(screen.getByRole('heading')).toHaveTextContent('This page could not be shown');
  expect(asked).toHaveLength(1);
  expect(retry).not.toHaveBeenCalled();
});

it('says it in French', async () => {
  answers.push(503);
  show(jest.fn(), 'fr');
  await settle();
  expect(screen.getByRole('heading')).toHaveTextContent(
    'Le service est momentanément indisponible',
  );
});
