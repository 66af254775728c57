// The guard around the access check (docs/product-contract.md §2.1, ADR 24): a check that got no
// answer while the page was being left is set aside and asked again; any answer is acted on.
// The network is the boundary faked here (jsdom has no fetch), and Next's router, which needs
// the app's own context.
import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { reportSessionEnded } from '@/lib/api/session-ended';
import { writeAccessTokenId } from '@/lib/storage/stored-values';
import { readStoredUser, writeStoredUser } from '@/lib/auth/stored-user';
import { AccessGuard } from './access-guard';

const router = { replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

const demo = { loginId: 'demo', displayName: 'Demo Staff', role: 'admin' } as const;

/** What the fake network does with each call, in order; a call past the list never settles. */
type Outcome = 'cut' | 'demo' | 'temporary' | 'unauthorized';
let outcomes: Outcome[] = [];
let calls: string[] = [];

function answer(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(),
    text: async () => (body === null ? '' : JSON.stringify(body)),
  } as unknown as Response;
}

// Each test an hour after the one before: past the window of a page left in an earlier test
// (the guard's module keeps when it was), the guard's clock following the fake one.
let testClock = Date.now();

beforeEach(() => {
  testClock += 3_600_000;
  jest.useFakeTimers({ now: testClock });
  jest.spyOn(performance, 'now').mockImplementation(() => Date.now());
  router.replace.mockReset();
  calls = [];
  outcomes = [];
  writeStoredUser(demo);
  writeAccessTokenId('token-1');
  globalThis.fetch = jest.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(path)}`);
    if (String(path) === '/api/auth/sign-out') return answer(204, null);
    const outcome = outcomes.shift();
    if (outcome === undefined) return new Promise<Response>(() => {});
    if (outcome === 'cut') throw new TypeError('Failed to fetch');
    if (outcome === 'unauthorized')
      return answer(401, { error: { code: 'unauthorized', message: 'Sign in' } });
    if (outcome === 'temporary') return answer(200, { ...demo, mustChangePassword: true });
    return answer(200, { ...demo, mustChangePassword: false });
  }) as typeof fetch;
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderGuard() {
  return render(
    <NextIntlClientProvider locale="en" messages={en}>
      <AccessGuard route="dash">
        <p>The dashboard</p>
      </AccessGuard>
    </NextIntlClientProvider>,
  );
}

/** Lets the check's promises settle (fetch, body, logOut) under fake timers. */
async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  });
}

const leaveThePage = () => window.dispatchEvent(new Event('beforeunload'));

describe('AccessGuard', () => {
  it('a check cut while the page is being left is set aside, then asked again 3 s later', async () => {
    outcomes = ['cut', 'demo'];
    leaveThePage();
    renderGuard();
    await settle();
    // No sign-out reached the server, the session the next page will use is kept.
    expect(calls).toEqual(['GET /api/auth/me']);
    expect(router.replace).not.toHaveBeenCalled();
    expect(readStoredUser()).toEqual(demo);

    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    await settle();
    expect(calls).toEqual(['GET /api/auth/me', 'GET /api/auth/me']);
    expect(screen.getByText('The dashboard')).toBeInTheDocument();
  });

  it('the check asked again is acted on, the page still being left or not', async () => {
    outcomes = ['cut', 'cut'];
    leaveThePage();
    renderGuard();
    await settle();
    await act(async () => {
      jest.advanceTimersByTime(3_000);
    });
    await settle();
    expect(calls).toEqual(['GET /api/auth/me', 'GET /api/auth/me', 'POST /api/auth/sign-out']);
    expect(router.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/sign/));
    expect(readStoredUser()).toBeNull();
  });

  it('an answer while the page is being left is acted on at once: a 401 logs out', async () => {
    outcomes = ['unauthorized'];
    leaveThePage();
    renderGuard();
    await settle();
    expect(calls).toEqual(['GET /api/auth/me', 'POST /api/auth/sign-out']);
    expect(router.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/sign/));
  });

  it('a check cut on a page nobody is leaving logs out, as the contract says', async () => {
    outcomes = ['cut'];
    renderGuard();
    await settle();
    expect(calls).toEqual(['GET /api/auth/me', 'POST /api/auth/sign-out']);
    expect(router.replace).toHaveBeenCalledWith(expect.stringMatching(/^\/sign/));
    expect(screen.queryByText('The dashboard')).toBeNull();
  });

  it('a check the server allows shows the area', async () => {
    outcomes = ['demo'];
    renderGuard();
    await settle();
    expect(screen.getByText('The dashboard')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/auth/me']);
  });

  it('a user who must replace a temporary password goes to /account, the area not shown', async () => {
    outcomes = ['temporary'];
    renderGuard();
    await settle();
    expect(router.replace.mock.calls).toEqual([['/account']]);
    expect(screen.queryByText('The dashboard')).toBeNull();
    // Still signed in, stored as before: who and the role, not the flag.
    expect(calls).toEqual(['GET /api/auth/me']);
    expect(JSON.parse(window.localStorage.getItem('gavel.user') ?? 'null')).toEqual(demo);
  });

  it('a session that ends later (any call answered unauthorized) logs out and goes to /sign, back to this page after', async () => {
    outcomes = ['demo'];
    window.history.replaceState(null, '', '/dash?sale=paris');
    renderGuard();
    await settle();
    expect(screen.getByText('The dashboard')).toBeInTheDocument();

    act(() => {
      reportSessionEnded();
      reportSessionEnded();
    });
    await settle();
    // Once, however many calls met the end.
    expect(calls).toEqual(['GET /api/auth/me', 'POST /api/auth/sign-out']);
    expect(readStoredUser()).toBeNull();
    expect(router.replace.mock.calls).toEqual([['/sign?next=%2Fdash%3Fsale%3Dparis']]);
  });

  it('before the check has allowed, a report changes nothing: the check decides', async () => {
    renderGuard();
    act(() => reportSessionEnded());
    await settle();
    expect(calls).toEqual(['GET /api/auth/me']);
    expect(router.replace).not.toHaveBeenCalled();
    expect(readStoredUser()).toEqual(demo);
  });

  it('a report after this browser signed out (the stored user gone) is that sign-out, not a new one', async () => {
    outcomes = ['demo'];
    renderGuard();
    await settle();
    writeStoredUser(null);
    act(() => reportSessionEnded());
    await settle();
    expect(calls).toEqual(['GET /api/auth/me']);
    expect(router.replace).not.toHaveBeenCalled();
  });
});
