/** @jest-environment node */
// The own-account calls against a real local server (as lib/agreements/agreements-api.test.ts
// does), and the sign-in and "who am I" answers that carry the temporary-password flag.
import {
  failure,
  respondJson,
  respondNoContent,
  recordingTestServer,
} from '@/testing/http-test-server';
import { changePassword, endOwnSession, fetchOwnSessions, reauthenticate } from './account-api';
import { fetchMe, requestSignIn, storedUserOf } from '@/lib/auth/auth-api';

const api = recordingTestServer();
const seen = api.seen;

const json = respondJson;
const noContent = respondNoContent;

const session = {
  id: 'session-1',
  current: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-01T10:00:00.000Z',
};

describe('own sessions', () => {
  it('fetchOwnSessions reads them, a session without a User-Agent too', async () => {
    const older = { ...session, id: 'session-0', current: false, userAgent: null };
    api.respond = json(200, { items: [session, older] });
    await expect(fetchOwnSessions()).resolves.toEqual([session, older]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/auth/sessions' });
  });

  it('refuses a session without its current flag', async () => {
    const { current: _left, ...withoutFlag } = session;
    api.respond = json(200, { items: [withoutFlag] });
    expect(await failure(fetchOwnSessions())).toMatchObject({ code: 'invalid_response' });
  });

  it('endOwnSession DELETEs the encoded id with a JSON body', async () => {
    api.respond = noContent;
    await expect(endOwnSession('a/b')).resolves.toBeNull();
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/auth/sessions/a%2Fb',
      contentType: 'application/json',
    });
  });
});

describe('passwords', () => {
  it('changePassword POSTs both passwords and takes the 204', async () => {
    api.respond = noContent;
    await expect(changePassword('old-pass', 'new-pass-1')).resolves.toBeNull();
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/password' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });
  });

  it.each([
    [401, 'invalid_credentials'],
    [400, 'bad_request'],
    [429, 'rate_limited'],
  ])('changePassword: %s %s reaches the form', async (status, code) => {
    api.respond = json(status, { error: { code, message: 'No' } });
    expect(await failure(changePassword('a', 'b'))).toMatchObject({ code, status });
  });

  it('reauthenticate POSTs the password and takes the 204', async () => {
    api.respond = noContent;
    await expect(reauthenticate('my-password')).resolves.toBeNull();
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/auth/reauthenticate' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ password: 'my-password' });
  });
});

describe('the temporary-password flag', () => {
  const sam = { loginId: 'sam', displayName: 'Sam Lee', role: 'clerk' } as const;

  it.each([true, false])('the sign-in answer keeps mustChangePassword %s', async (flag) => {
    api.respond = json(200, { user: { ...sam, mustChangePassword: flag }, accessTokenId: 't-1' });
    await expect(requestSignIn('sam', 'pw')).resolves.toEqual({
      user: { ...sam, mustChangePassword: flag },
      accessTokenId: 't-1',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ loginId: 'sam', password: 'pw' });
  });

  it('"who am I" keeps it', async () => {
    api.respond = json(200, { ...sam, mustChangePassword: true });
    await expect(fetchMe()).resolves.toEqual({
      ok: true,
      user: { ...sam, mustChangePassword: true },
    });
  });

  it('"who am I" from a server that does not send it: no temporary password', async () => {
    api.respond = json(200, sam);
    await expect(fetchMe()).resolves.toEqual({ ok: true, user: sam });
  });

  it('"who am I" refused is an answer, as fetchMe says', async () => {
    api.respond = json(401, { error: { code: 'unauthorized', message: 'Sign in' } });
    await expect(fetchMe()).resolves.toEqual({ ok: false, noAnswer: false });
  });

  it('a flag that is not a boolean is a wrong answer', async () => {
    api.respond = json(200, { ...sam, mustChangePassword: 'yes' });
    await expect(fetchMe()).resolves.toEqual({ ok: false, noAnswer: false });
  });

  it('the stored user is who and the role, never the flag', () => {
    expect(storedUserOf({ ...sam, mustChangePassword: true })).toEqual(sam);
  });
});
