/** @jest-environment node */
// The sign-in's request guards through its route handler, on a real in-memory PGlite database:
// origin, content type, body and size, each refused before any session is made.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { authApiFixture, expectProblem, origin, password, signInRequest } from './auth-api-fixture';

const { signIn, sessionRowCount } = authApiFixture(['guard', 'sso']);

describe('sign-in request guards', () => {
  const good = { loginId: 'guard', password };
  const encoder = new TextEncoder();
  const oneMiB = 1024 * 1024;

  type GuardCase = [name: string, status: number, code: string, request: () => NextRequest];
  const cases: GuardCase[] = [
    [
      'a cross-origin Origin',
      403,
      'forbidden',
      () => signInRequest(good, { origin: 'https://evil.example' }),
    ],
    [
      'no Origin and no Sec-Fetch-Site',
      403,
      'forbidden',
      () =>
        new NextRequest(`${origin}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(good),
        }),
    ],
    [
      'no Origin and Sec-Fetch-Site: cross-site',
      403,
      'forbidden',
      () =>
        new NextRequest(`${origin}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
          body: JSON.stringify(good),
        }),
    ],
    [
      'no Content-Type',
      403,
      'forbidden',
      () =>
        new NextRequest(`${origin}/api/auth/sign-in`, {
          method: 'POST',
          headers: { origin },
          body: encoder.encode(JSON.stringify(good)),
        }),
    ],
    [
      'Content-Type: text/plain',
      403,
      'forbidden',
      () => signInRequest(good, { 'content-type': 'text/plain' }),
    ],
    [
      'Content-Type: application/x-www-form-urlencoded',
      403,
      'forbidden',
      () => signInRequest(good, { 'content-type': 'application/x-www-form-urlencoded' }),
    ],
    [
      'malformed JSON',
      400,
      'bad_request',
      () =>
        new NextRequest(`${origin}/api/auth/sign-in`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{"loginId":"guard","password":',
        }),
    ],
    [
      'an empty body',
      400,
      'bad_request',
      () =>
        new NextRequest(`${origin}/api/auth/sign-in`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '',
        }),
    ],
    ['a JSON null', 400, 'bad_request', () => signInRequest(null)],
    ['a JSON array', 400, 'bad_request', () => signInRequest([good])],
    ['a missing password', 400, 'bad_request', () => signInRequest({ loginId: 'guard' })],
    ['a numeric loginId', 400, 'bad_request', () => signInRequest({ ...good, loginId: 42 })],
    [
      'a body of 1 MiB',
      413,
      'payload_too_large',
      () => signInRequest({ ...good, password: 'a'.repeat(oneMiB) }),
    ],
    [
      'a body of 1 MiB with a lying Content-Length: 40',
      413,
      'payload_too_large',
      () => signInRequest({ ...good, password: 'a'.repeat(oneMiB) }, { 'content-length': '40' }),
    ],
    [
      'a small body declaring Content-Length: 1 MiB',
      413,
      'payload_too_large',
      () => signInRequest(good, { 'content-length': String(oneMiB) }),
    ],
    [
      'a 10,000-character loginId',
      400,
      'bad_request',
      () => signInRequest({ ...good, loginId: 'g'.repeat(10_000) }),
    ],
    [
      'a NUL inside the loginId',
      400,
      'bad_request',
      () => signInRequest({ ...good, loginId: 'gu\u0000ard' }),
    ],
    [
      'a newline after the loginId',
      400,
      'bad_request',
      () => signInRequest({ ...good, loginId: 'guard\n' }),
    ],
    [
      'a DEL in the loginId',
      400,
      'bad_request',
      () => signInRequest({ ...good, loginId: 'guard\u007f' }),
    ],
    [
      'an unknown extra field',
      400,
      'bad_request',
      () => signInRequest({ ...good, remember: true }),
    ],
    [
      'a 2,000-character password',
      400,
      'bad_request',
      () => signInRequest({ ...good, password: 'p'.repeat(2000) }),
    ],
  ];

  it.each(cases)('%s -> %i %s, and no session', async (_name, status, code, makeRequest) => {
    const request = makeRequest();
    const before = await sessionRowCount();
    const response = await signIn(request);
    await expectProblem(response, status, code);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionRowCount()).toBe(before);
  });

  it('sends no Content-Type for the "no Content-Type" case (the precondition holds)', () => {
    const request = cases.find(([name]) => name === 'no Content-Type')![3]();
    expect(request.headers.get('content-type')).toBeNull();
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin', async () => {
    const before = await sessionRowCount();
    const request = new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ loginId: 'sso', password }),
    });
    const response = await signIn(request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: { loginId: 'sso', displayName: 'Sso Staff', role: 'clerk', mustChangePassword: false },
      accessTokenId: expect.any(String),
    });
    expect(await sessionRowCount()).toBe(before + 1);
  });

  it('accepts Content-Type: application/json; charset=utf-8', async () => {
    const response = await signIn(
      signInRequest(good, { 'content-type': 'application/json; charset=utf-8' }),
    );
    expect(response.status).toBe(200);
  });
});
