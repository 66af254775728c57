import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { ApiError } from '@/lib/api/api-error';
import { readAccessTokenId } from '@/lib/storage/stored-values';
import { readStoredUser, writeStoredUser } from '@/lib/auth/stored-user';
import en from '@/messages/en.json';
import { SignInForm, toFailure } from './sign-in-form';

const mockRouter = { replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => mockRouter }));

describe('toFailure', () => {
  it.each([
    [new ApiError('invalid_credentials', 'x', { status: 401 }), { kind: 'invalid_credentials' }],
    [new ApiError('network', 'x'), { kind: 'network' }],
    [new ApiError('timeout', 'x'), { kind: 'timeout' }],
    [new ApiError('internal', 'x', { status: 500 }), { kind: 'server' }],
    [
      new ApiError('rate_limited', 'x', { status: 429, retryAfterSeconds: 899 }),
      { kind: 'rate_limited', minutes: 15 },
    ],
    [new TypeError('x'), { kind: 'server' }],
  ])('%s → %j', (error, failure) => {
    expect(toFailure(error)).toEqual(failure);
  });
});

describe('SignInForm: where signing in goes', () => {
  const user = { loginId: 'sam', displayName: 'Sam Lee', role: 'clerk' } as const;
  // jsdom has no fetch: the sign-in answer, as the API gives it.
  const answerSignIn = (mustChangePassword: boolean) => {
    globalThis.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers(),
      text: async () =>
        JSON.stringify({ user: { ...user, mustChangePassword }, accessTokenId: 'token-1' }),
    })) as unknown as typeof fetch;
  };

  beforeEach(() => {
    mockRouter.replace.mockReset();
    writeStoredUser(null);
  });

  async function signIn(search: string) {
    window.history.replaceState(null, '', `/sign${search}`);
    const typist = userEvent.setup();
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <SignInForm />
      </NextIntlClientProvider>,
    );
    await typist.type(screen.getByLabelText('Login id'), 'sam');
    await typist.type(screen.getByLabelText('Password'), 'temporary-1{Enter}');
  }

  it('a temporary password goes to /account to replace it, whatever the next page', async () => {
    answerSignIn(true);
    await signIn('?next=%2Fagreements');
    expect(mockRouter.replace).toHaveBeenCalledWith('/account');
    // Stored as ever: who and the role, not the flag.
    expect(readStoredUser()).toEqual(user);
    expect(JSON.parse(window.localStorage.getItem('gavel.user') ?? 'null')).toEqual(user);
    expect(readAccessTokenId()).toBe('token-1');
  });

  it('an own password goes on to the deep link', async () => {
    answerSignIn(false);
    await signIn('?next=%2Fagreements');
    expect(mockRouter.replace).toHaveBeenCalledWith('/agreements');
  });
});
