/** @jest-environment node */
// The browser's reading of `GET /api/auth/me` and of the sign-in answer: the user carries its
// role. Relative paths go to a real local server through a global fetch that prefixes its origin
// (as lib/agreements/agreements-api.test.ts does).
import { closedPort, sendJson, startTestServer } from '@/testing/http-test-server';
import { fetchMe, requestSignIn } from './auth-api';

let server: Awaited<ReturnType<typeof startTestServer>>;
let answer: { status: number; body: unknown };
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, answer.status, answer.body));
});

afterAll(() => server.close());

beforeEach(() => {
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input, init) => realFetch(`${server.origin}${String(input)}`, init));
});

afterEach(() => jest.restoreAllMocks());

const clerk = { loginId: 'clerk', displayName: 'Claire Clerk', role: 'clerk' };

describe('fetchMe', () => {
  it.each(['clerk', 'supervisor', 'admin'])('gives the user with the role %s', async (role) => {
    answer = { status: 200, body: { ...clerk, role } };
    await expect(fetchMe()).resolves.toEqual({ ok: true, user: { ...clerk, role } });
  });

  it.each([
    ['without a role', { loginId: 'clerk', displayName: 'Claire Clerk' }],
    ['with a role that is not one', { ...clerk, role: 'owner' }],
    ['that is null', null],
    ['that is an array', [clerk]],
    ['with a loginId that is not a string', { ...clerk, loginId: 42 }],
    [
      'with the role only under __proto__',
      JSON.parse('{"loginId":"clerk","displayName":"C","__proto__":{"role":"admin"}}'),
    ],
  ])('is a failure for a user %s', async (_label, body) => {
    answer = { status: 200, body };
    await expect(fetchMe()).resolves.toEqual({ ok: false, noAnswer: false });
  });

  it('a refusal is an answer: a 401 denies at once, even on a page being left', async () => {
    answer = { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in' } } };
    await expect(fetchMe()).resolves.toEqual({ ok: false, noAnswer: false });
  });

  it('a request that got no answer says so (the server unreachable, or the request cut)', async () => {
    const port = await closedPort();
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => realFetch(`http://127.0.0.1:${port}/`));
    await expect(fetchMe()).resolves.toEqual({ ok: false, noAnswer: true });
  });

  it('keeps only the user of the answer (no extra field reaches the app)', async () => {
    answer = { status: 200, body: { ...clerk, passwordHash: 'x', sessions: [] } };
    await expect(fetchMe()).resolves.toEqual({ ok: true, user: clerk });
  });
});

describe('requestSignIn', () => {
  it('gives the user with its role and the access token id', async () => {
    answer = { status: 200, body: { user: clerk, accessTokenId: 'token-1' } };
    await expect(requestSignIn('clerk', 'a password')).resolves.toEqual({
      user: clerk,
      accessTokenId: 'token-1',
    });
  });

  it.each([
    ['without an access token id', { user: clerk }],
    [
      'with a user without a role',
      { user: { loginId: 'clerk', displayName: 'C' }, accessTokenId: 't' },
    ],
  ])('is an invalid_response for an answer %s', async (_label, body) => {
    answer = { status: 200, body };
    await expect(requestSignIn('clerk', 'a password')).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
