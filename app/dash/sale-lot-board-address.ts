// Shared by the sale board's tests. Next's router needs the app's own context: the address is
// faked here, as a store the board's `useSearchParams` reads and `router.replace` writes, so a
// filter chosen shows as it would. Each test file mocks `next/navigation` with `navigation`.
import { useSyncExternalStore } from 'react';

export const mockAddress = {
  url: new URL('http://localhost/dash?sale=cars-a'),
  listeners: new Set<() => void>(),
  go(href: string) {
    mockAddress.url = new URL(href, mockAddress.url);
    for (const listener of mockAddress.listeners) listener();
  },
};
export const mockRouter = { replace: jest.fn((href: string) => mockAddress.go(href)) };

const useSearch = () =>
  useSyncExternalStore(
    (listener) => {
      mockAddress.listeners.add(listener);
      return () => mockAddress.listeners.delete(listener);
    },
    () => mockAddress.url.search,
  );

/** What `jest.mock('next/navigation', ...)` answers: the hooks the board calls. */
export const navigation = {
  usePathname: () => {
    useSearch();
    return mockAddress.url.pathname;
  },
  useSearchParams: () => new URLSearchParams(useSearch()),
  useRouter: () => mockRouter,
};
