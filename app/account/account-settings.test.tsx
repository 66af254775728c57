import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { OwnSession } from '@/lib/account/account-api';
import { ApiError } from '@/lib/api/api-error';
import en from '@/messages/en.json';
import { AccountSettings } from './account-settings';

// The screen's calls to the server, answered here as the API would, and the router.
const mockApi = {
  changePassword: jest.fn(),
  fetchOwnSessions: jest.fn(),
  endOwnSession: jest.fn(),
  logOut: jest.fn(),
};
const mockRouter = { replace: jest.fn(), push: jest.fn(), refresh: jest.fn() };
jest.mock('@/lib/account/account-api', () => ({
  changePassword: (...args: unknown[]) => mockApi.changePassword(...args),
  fetchOwnSessions: (...args: unknown[]) => mockApi.fetchOwnSessions(...args),
  endOwnSession: (...args: unknown[]) => mockApi.endOwnSession(...args),
}));
jest.mock('@/lib/auth/sign-out', () => ({ logOut: () => mockApi.logOut() }));
jest.mock('next/navigation', () => ({
  useRouter: () => mockRouter,
  usePathname: () => '/account',
  useSearchParams: () => new URLSearchParams(),
}));

const linuxChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';
const session = (id: string, changes: Partial<OwnSession>): OwnSession => ({
  id,
  current: false,
  userAgent: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSeenAt: '2026-03-01T09:00:00.000Z',
  ...changes,
});
const here = session('here', { current: true, userAgent: linuxChrome });
const phone = session('phone', { userAgent: iphoneSafari, lastSeenAt: '2026-03-01T11:00:00.000Z' });
const old = session('old', {});

beforeEach(() => {
  for (const mock of [...Object.values(mockApi), ...Object.values(mockRouter)]) mock.mockReset();
  mockApi.fetchOwnSessions.mockResolvedValue([old, here, phone]);
  mockApi.changePassword.mockResolvedValue(null);
  mockApi.endOwnSession.mockResolvedValue(null);
  mockApi.logOut.mockResolvedValue(undefined);
});

function renderAccount(mustChangePassword = false) {
  const user = userEvent.setup();
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <AccountSettings loginId="sam" mustChangePassword={mustChangePassword} />
    </NextIntlClientProvider>,
  );
  return { user };
}

interface Typed {
  current?: string;
  next?: string;
  /** The new password again; the new one itself unless given. */
  repeat?: string;
  /** The current password's label. */
  label?: string;
}

async function changePassword(
  user: ReturnType<typeof userEvent.setup>,
  {
    current = 'old-password',
    next = 'new-password-1',
    repeat = next,
    label = 'Current password',
  }: Typed,
) {
  if (current) await user.type(screen.getByLabelText(label), current);
  if (next) await user.type(screen.getByLabelText('New password'), next);
  if (repeat) await user.type(screen.getByLabelText('New password again'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('AccountSettings: the password', () => {
  it.each([
    [{ next: 'short' }, 'New password', 'Use at least 8 characters.'],
    [
      { repeat: 'new-password-2' },
      'New password again',
      'The two new passwords differ: type the same one twice.',
    ],
    [{ current: '' }, 'Current password', 'Enter your current password.'],
  ])('%j is said by its field before anything is sent', async (fields, label, text) => {
    const { user } = renderAccount();
    await changePassword(user, fields);
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(field).toHaveFocus();
    expect(mockApi.changePassword).not.toHaveBeenCalled();
  });

  it('a wrong current password is said by its field', async () => {
    mockApi.changePassword.mockRejectedValue(
      new ApiError('invalid_credentials', 'No', { status: 401 }),
    );
    const { user } = renderAccount();
    await changePassword(user, {});
    const field = screen.getByLabelText('Current password');
    expect(await screen.findByText('Your current password is not right.')).toBeVisible();
    expect(field).toHaveFocus();
  });

  it('a new password the server refuses is said by its field', async () => {
    mockApi.changePassword.mockRejectedValue(new ApiError('bad_request', 'Weak', { status: 400 }));
    const { user } = renderAccount();
    await changePassword(user, {});
    expect(
      await screen.findByText(
        'This new password was refused: choose a stronger one, different from the current one.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveFocus();
  });

  it('too many attempts: how long to wait', async () => {
    mockApi.changePassword.mockRejectedValue(
      new ApiError('rate_limited', 'Wait', { status: 429, retryAfterSeconds: 300 }),
    );
    const { user } = renderAccount();
    await changePassword(user, {});
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 5 minutes.',
    );
  });

  it('changed: said, the form cleared, the sessions read again (the others ended)', async () => {
    const { user } = renderAccount();
    await screen.findByText('Chrome on Linux');
    mockApi.fetchOwnSessions.mockResolvedValue([here]);
    await changePassword(user, {});
    expect(mockApi.changePassword).toHaveBeenCalledWith('old-password', 'new-password-1');
    expect(
      await screen.findByText('Your password is changed. Your other sessions were ended.'),
    ).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it('with a temporary password: only the form, then on to the dashboard', async () => {
    const { user } = renderAccount(true);
    expect(screen.queryByRole('heading', { name: 'Your sessions' })).toBeNull();
    expect(mockApi.fetchOwnSessions).not.toHaveBeenCalled();
    await changePassword(user, { label: 'Temporary password' });
    expect(mockRouter.replace).toHaveBeenCalledWith('/dash');
  });
});

describe('AccountSettings: the sessions', () => {
  it('each browser by name, this one first and marked, with when it signed in and was last active', async () => {
    renderAccount();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.own-session__browser')?.textContent)).toEqual([
      'Chrome on LinuxThis browser',
      'Safari on iOS',
      'An unknown browser',
    ]);
    expect(within(items[1]!).getByText('Mar 1, 2026, 8:00 AM')).toBeVisible();
    expect(within(items[1]!).getByText('Mar 1, 2026, 11:00 AM')).toBeVisible();
    expect(within(items[0]!).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('ending another session removes it, says so and moves the focus to the next one', async () => {
    const { user } = renderAccount();
    const end = await screen.findByRole('button', {
      name: 'End the session on Safari on iOS, last active Mar 1, 2026, 11:00 AM',
    });
    await user.click(end);
    expect(mockApi.endOwnSession).toHaveBeenCalledWith('phone');
    expect(await screen.findByText('The session on Safari on iOS was ended.')).toBeVisible();
    expect(screen.queryByText('Safari on iOS')).toBeNull();
    expect(
      screen.getByRole('button', { name: /^End the session on An unknown browser/ }),
    ).toHaveFocus();
  });

  it('ending this browser’s session signs out', async () => {
    const { user } = renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(mockApi.logOut).toHaveBeenCalled();
    expect(mockApi.endOwnSession).not.toHaveBeenCalled();
    expect(mockRouter.replace).toHaveBeenCalledWith('/sign');
  });

  it('a list that failed to load says why, and loads again', async () => {
    mockApi.fetchOwnSessions.mockRejectedValueOnce(
      new ApiError('internal', 'Boom', { status: 500 }),
    );
    const { user } = renderAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sessions could not be loaded: the server had a problem (HTTP 500).',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Chrome on Linux')).toBeVisible();
  });
});
