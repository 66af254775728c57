/** @jest-environment node */
// The admin's calls against a real local server (as lib/agreements/agreements-api.test.ts does):
// what each sends, what it reads back, and how a refusal reaches the screen.
import {
  failure,
  respondJson,
  respondNoContent,
  recordingTestServer,
} from '@/testing/http-test-server';
import {
  addStaff,
  endStaffSessions,
  fetchStaff,
  resetStaffPassword,
  updateStaff,
} from './staff-api';

const api = recordingTestServer();
const seen = api.seen;

const json = respondJson;
const noContent = respondNoContent;

const sam = {
  loginId: 'sam',
  displayName: 'Sam Lee',
  role: 'clerk',
  status: 'enabled',
  lastSignInAt: '2026-03-01T09:00:00.000Z',
  openSessions: 2,
  mustChangePassword: false,
};

describe('fetchStaff', () => {
  it('reads the accounts', async () => {
    api.respond = json(200, { items: [sam, { ...sam, loginId: 'new', lastSignInAt: null }] });
    await expect(fetchStaff()).resolves.toEqual([
      sam,
      { ...sam, loginId: 'new', lastSignInAt: null },
    ]);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/staff' });
  });

  it('takes an account without the temporary-password flag', async () => {
    const { mustChangePassword: _left, ...older } = sam;
    api.respond = json(200, { items: [older] });
    await expect(fetchStaff()).resolves.toEqual([older]);
  });

  it.each([
    ['an unknown role', { ...sam, role: 'owner' }],
    ['an unknown status', { ...sam, status: 'locked' }],
    ['a count that is not an integer', { ...sam, openSessions: 1.5 }],
    ['no login id', { ...sam, loginId: '' }],
  ])('refuses an account with %s', async (_name, account) => {
    api.respond = json(200, { items: [account] });
    expect(await failure(fetchStaff())).toMatchObject({ code: 'invalid_response' });
  });

  it('403 forbidden reaches the screen as such', async () => {
    api.respond = json(403, { error: { code: 'forbidden', message: 'Admins only' } });
    expect(await failure(fetchStaff())).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('the changes', () => {
  it('addStaff POSTs the account and reads the temporary password', async () => {
    api.respond = json(201, { account: sam, temporaryPassword: 'T3mp-pass-word' });
    await expect(
      addStaff({ loginId: 'sam', displayName: 'Sam Lee', role: 'clerk' }),
    ).resolves.toEqual({ account: sam, temporaryPassword: 'T3mp-pass-word' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/staff',
      contentType: 'application/json',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      loginId: 'sam',
      displayName: 'Sam Lee',
      role: 'clerk',
    });
  });

  it('addStaff: a taken login id is a conflict', async () => {
    api.respond = json(409, { error: { code: 'conflict', message: 'Taken' } });
    const error = await failure(addStaff({ loginId: 'sam', displayName: 'S', role: 'clerk' }));
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('updateStaff PATCHes the change to the encoded login id and reads the account', async () => {
    api.respond = json(200, { account: { ...sam, role: 'supervisor' } });
    await expect(updateStaff('a/b c', { role: 'supervisor' })).resolves.toEqual({
      ...sam,
      role: 'supervisor',
    });
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/staff/a%2Fb%20c' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ role: 'supervisor' });
  });

  it.each(['last_admin', 'self_change'])('updateStaff: 409 %s reaches the screen', async (code) => {
    api.respond = json(409, { error: { code, message: 'No' } });
    expect(await failure(updateStaff('sam', { status: 'disabled' }))).toMatchObject({ code });
  });

  it('updateStaff: 401 reauth_required is for the password prompt, not a session ended', async () => {
    api.respond = json(401, { error: { code: 'reauth_required', message: 'Again' } });
    expect(await failure(updateStaff('sam', { status: 'disabled' }))).toMatchObject({
      code: 'reauth_required',
      status: 401,
    });
  });

  it('resetStaffPassword POSTs a JSON body and gives the temporary password', async () => {
    api.respond = json(200, { temporaryPassword: 'N3w-temp' });
    await expect(resetStaffPassword('sam')).resolves.toBe('N3w-temp');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/staff/sam/reset-password',
      contentType: 'application/json',
      body: '{}',
    });
  });

  it('resetStaffPassword refuses an answer without a password', async () => {
    api.respond = json(200, { temporaryPassword: '' });
    expect(await failure(resetStaffPassword('sam'))).toMatchObject({ code: 'invalid_response' });
  });

  it('endStaffSessions DELETEs with a JSON body and takes the 204', async () => {
    api.respond = noContent;
    await expect(endStaffSessions('sam')).resolves.toBeNull();
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/staff/sam/sessions',
      contentType: 'application/json',
    });
  });
});
