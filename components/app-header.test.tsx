// The header's links follow who is signed in and what their role allows (contract §15): Staff
// for admins, Activity for supervisors and admins, Account for anyone signed in, "Sign in" for
// nobody signed in. Next's router is faked (it needs the app's own context), and matchMedia,
// which jsdom lacks, for the theme switcher.
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { Role } from '@/lib/auth/roles';
import { writeStoredUser } from '@/lib/auth/stored-user';
import en from '@/messages/en.json';
import { AppHeader } from './app-header';

let mockPathname = '/dash';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useRouter: () => ({ replace: jest.fn(), refresh: jest.fn(), push: jest.fn() }),
}));

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

beforeEach(() => {
  mockPathname = '/dash';
  writeStoredUser(null);
});

function links({ sessionHint = false } = {}) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <AppHeader sessionHint={sessionHint} />
    </NextIntlClientProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

const signedInAs = (role: Role | undefined) =>
  writeStoredUser({ loginId: 'sam', displayName: 'Sam Lee', ...(role && { role }) });

describe('AppHeader: the links', () => {
  it('signed out: Sign in, Dashboard, Agreements; no Account, Staff or Activity', () => {
    expect(links()).toEqual([
      ['Sign in', '/sign'],
      ['Dashboard', '/dash'],
      ['Agreements', '/agreements'],
    ]);
  });

  it.each([
    ['clerk', ['Dashboard', 'Agreements', 'Account']],
    ['supervisor', ['Dashboard', 'Agreements', 'Activity', 'Account']],
    ['admin', ['Dashboard', 'Agreements', 'Activity', 'Staff', 'Account']],
  ] as const)('a signed-in %s sees %j', (role, expected) => {
    signedInAs(role);
    expect(links().map(([text]) => text)).toEqual(expected);
  });

  it('the links go to their areas', () => {
    signedInAs('admin');
    expect(links()).toEqual(
      expect.arrayContaining([
        ['Activity', '/activity'],
        ['Staff', '/staff'],
        ['Account', '/account'],
      ]),
    );
  });

  it('a user stored without a role (before roles): Account only, as the least privilege', () => {
    signedInAs(undefined);
    expect(links().map(([text]) => text)).toEqual(['Dashboard', 'Agreements', 'Account']);
  });

  it('a session cookie with no stored user: no "Sign in", Account shown', () => {
    expect(links({ sessionHint: true }).map(([text]) => text)).toEqual([
      'Dashboard',
      'Agreements',
      'Account',
    ]);
  });

  it('marks the page shown', () => {
    signedInAs('admin');
    mockPathname = '/staff';
    links();
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Activity' })).not.toHaveAttribute('aria-current');
  });
});
