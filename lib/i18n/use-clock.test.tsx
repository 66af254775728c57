import { act } from '@testing-library/react';
import { NextIntlClientProvider, useFormatter } from 'next-intl';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { clockTickMs, useClock } from './use-clock';

const closedAt = new Date('2026-11-21T10:00:00Z');
const renderedAt = new Date('2026-11-21T10:05:00Z');

function Age({ readNow }: { readNow: () => Date }) {
  const format = useFormatter();
  return <time>{format.relativeTime(closedAt, readNow())}</time>;
}

function ClockAge() {
  const now = useClock();
  return <Age readNow={() => now} />;
}

function page(child: React.ReactNode) {
  return (
    <NextIntlClientProvider locale="en" messages={{}} timeZone="UTC" now={renderedAt}>
      {child}
    </NextIntlClientProvider>
  );
}

/** Renders on the "server" at renderedAt, then hydrates in a browser whose clock is 10 min on. */
async function hydrateLater(child: React.ReactNode) {
  jest.setSystemTime(renderedAt);
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(child));
  document.body.append(container);
  const serverText = container.textContent;
  jest.setSystemTime(new Date(renderedAt.getTime() + 10 * 60_000));
  const recoverableErrors: unknown[] = [];
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, page(child), {
      onRecoverableError: (error) => recoverableErrors.push(error),
    });
  });
  return { container, serverText, recoverableErrors, root };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

test('hydrates with the time the server rendered at, then shows the browser clock', async () => {
  const { container, serverText, recoverableErrors, root } = await hydrateLater(<ClockAge />);
  expect(serverText).toBe('5 minutes ago');
  expect(recoverableErrors).toEqual([]);
  expect(container.textContent).toBe('15 minutes ago');

  await act(async () => {
    jest.advanceTimersByTime(clockTickMs * 2);
  });
  expect(container.textContent).toBe('16 minutes ago');
  act(() => root.unmount());
});

test('reading the browser clock during hydration instead would not match (the bug it prevents)', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { recoverableErrors, root } = await hydrateLater(<Age readNow={() => new Date()} />);
  expect(recoverableErrors).toHaveLength(1);
  consoleError.mockRestore();
  act(() => root.unmount());
});
