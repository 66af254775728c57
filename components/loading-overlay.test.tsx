import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { loadingStore } from '@/lib/loading/loading-store';
import { LoadingOverlay } from './loading-overlay';

function renderOverlay(locale: 'en' | 'fr' = 'en') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'en' ? en : fr}>
      <LoadingOverlay />
    </NextIntlClientProvider>,
  );
}

const overlay = () => screen.getByTestId('loading-overlay');

/** Runs the store's deferred setTimeout(0) inside act so React sees the change. */
function tick() {
  act(() => {
    jest.advanceTimersByTime(0);
  });
}

let pendingSettles: Array<() => void> = [];
function begin() {
  const settle = loadingStore.begin();
  pendingSettles.push(settle);
  return settle;
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  // Leave the shared store at rest for the next test.
  act(() => {
    pendingSettles.forEach((settle) => settle());
    jest.runOnlyPendingTimers();
  });
  pendingSettles = [];
  jest.useRealTimers();
});

describe('LoadingOverlay', () => {
  it('is empty and hidden at rest', () => {
    renderOverlay();
    expect(loadingStore.isVisible()).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(overlay()).not.toBeVisible();
    expect(overlay()).toHaveAttribute('data-visible', 'false');
  });

  it('announces loading and shows the overlay one tick after a call begins, then hides after it settles', () => {
    renderOverlay();
    const settle = begin();
    // Not before the tick.
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(overlay()).not.toBeVisible();

    tick();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(overlay()).toBeVisible();
    expect(overlay()).toHaveAttribute('data-visible', 'true');

    act(() => settle());
    // Still shown until the tick.
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    tick();
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(overlay()).not.toBeVisible();
  });

  it('stays shown while any of two calls is in flight', () => {
    renderOverlay();
    const first = begin();
    const second = begin();
    tick();
    act(() => first());
    tick();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(overlay()).toBeVisible();
    act(() => second());
    tick();
    expect(overlay()).not.toBeVisible();
  });

  it('announces in French with the fr messages', () => {
    renderOverlay('fr');
    begin();
    tick();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(screen.getByRole('status')).not.toHaveTextContent('Loading');
  });
});
