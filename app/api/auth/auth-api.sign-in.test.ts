/** @jest-environment node */
// POST /api/auth/sign-in end to end through its route handler, on a real in-memory PGlite
// database: the answer, the session cookie, a session per sign-in, one refusal for every wrong
// credential; and GET /api/health.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { addStaff } from '@/testing/server/staff-fixture';
import {
  authApiFixture,
  claimsOf,
  expectProblem,
  origin,
  password,
  sessionSetCookie,
  signInOk,
  signInRequest,
} from './auth-api-fixture';

const { db, accounts, signIn, health, sessionRowCount } = authApiFixture(['demo', 'renewal']);

describe('POST /api/auth/sign-in', () => {
  it('answers 200 with the user and the access token id, and sets the session cookie', async () => {
    const { response, body } = await signInOk('demo');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      user: {
        loginId: 'demo',
        displayName: 'Demo Staff',
        role: 'admin',
        mustChangePassword: false,
      },
      accessTokenId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(Object.keys(body).sort()).toEqual(['accessTokenId', 'user']);

    const cookie = sessionSetCookie(response);
    expect(cookie.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookie.attributes.httponly).toBe(true);
    expect(cookie.attributes.secure).toBe(true);
    expect(cookie.attributes.samesite).toBe('Lax');
    expect(cookie.attributes.path).toBe('/');
    expect(cookie.attributes.domain).toBeUndefined();
    const maxAge = Number(cookie.attributes['max-age']);
    expect(maxAge).toBeGreaterThanOrEqual(43_200 - 5);
    expect(maxAge).toBeLessThanOrEqual(43_200);
    // The cookie names the session the answer announces.
    expect(claimsOf(cookie.value).sid).toBe(body.accessTokenId);
  });

  it.each([' DEMO ', 'Demo', 'DEMO  ', '  demo'])(
    'trims and lower-cases the login id %p',
    async (loginId) => {
      const { body } = await signInOk(loginId);
      expect(body.user).toEqual({
        loginId: 'demo',
        displayName: 'Demo Staff',
        role: 'admin',
        mustChangePassword: false,
      });
    },
  );

  it('opens a new session at every sign-in', async () => {
    const before = await sessionRowCount();
    const first = await signInOk('renewal');
    const second = await signInOk('renewal');
    expect(second.body.accessTokenId).not.toBe(first.body.accessTokenId);
    expect(second.cookie).not.toBe(first.cookie);
    expect(claimsOf(second.cookie).sec).not.toBe(claimsOf(first.cookie).sec);
    expect(await sessionRowCount()).toBe(before + 2);
  });

  it('answers the same 401 invalid_credentials for an unknown id, a wrong or empty password, a blank id and a disabled account', async () => {
    await addStaff(db(), { loginId: 'disabled-one', displayName: 'Disabled' });
    await accounts().disableAccount(db(), 'disabled-one');
    const before = await sessionRowCount();

    const answers = [];
    for (const body of [
      { loginId: 'nobody-here', password },
      { loginId: 'demo', password: 'wrong password' },
      { loginId: 'disabled-one', password },
      // Empty is well-formed, and wrong: no account has an empty id or password.
      { loginId: 'demo', password: '' },
      { loginId: '   ', password },
    ]) {
      const response = await signIn(signInRequest(body));
      const envelope = await expectProblem(response, 401, 'invalid_credentials');
      expect(response.headers.getSetCookie()).toEqual([]);
      answers.push({ envelope, headers: [...response.headers.entries()] });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.envelope.error.message).toBe('The login id or the password is not right.');
    expect(await sessionRowCount()).toBe(before);
    // A successful sign-in of demo forgives the failure above (the rate-limit file tests limits).
    await signInOk('demo');
  });
});

describe('GET /api/health', () => {
  it('answers 200 {status: ok, db: ok}', async () => {
    const response = await health(new NextRequest(`${origin}/api/health`));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});
