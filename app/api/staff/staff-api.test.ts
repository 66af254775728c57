/** @jest-environment node */
// Staff administration (contract §15) on a real in-memory PGlite database: the shared suite
// (also run on PostgreSQL by staff.postgres.test.ts), then who may call what, re-authentication,
// unknown accounts, malformed bodies and methods.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { expectProblem } from '@/testing/server/agreements-requests';
import { staffPassword } from '@/testing/server/staff-fixture';
import { describeStaffApi, staffRoute, type StaffCall } from '@/testing/server/staff-suite';

jest.setTimeout(120_000);

const staff = describeStaffApi();
const { actors, call, newAccount, session, events, listed, signIn, signedIn } = staff;

const okStatus: Record<StaffCall, number> = {
  list: 200,
  add: 201,
  change: 200,
  reset: 200,
  end: 204,
};
const table = (Object.keys(okStatus) as StaffCall[]).flatMap((kind) =>
  (['nobody', 'clerk', 'supervisor', 'admin'] as const).map((who) => [kind, who] as const),
);

describe('who may call what', () => {
  it.each(table)('%s as %s', async (kind, who) => {
    const target = await newAccount();
    const body =
      kind === 'add'
        ? { loginId: staff.uniqueLoginId('added'), displayName: 'New Staff', role: 'clerk' }
        : kind === 'change'
          ? { role: 'supervisor' }
          : undefined;
    const cookie = who === 'nobody' ? null : actors[who];
    const response = await call(kind, cookie, { loginId: target.loginId, body });
    if (who === 'nobody') await expectProblem(response, 401, 'unauthorized');
    else if (who !== 'admin') await expectProblem(response, 403, 'forbidden');
    else {
      expect(response.status).toBe(okStatus[kind]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    // Each change to the target is logged; a refusal changes and logs nothing.
    const changes = who === 'admin' && kind !== 'list' && kind !== 'add' ? 1 : 0;
    expect(await events(target.loginId)).toHaveLength(changes);
  });
});

describe('reset-password', () => {
  it('reset-password gives a temporary password and ends every session', async () => {
    const target = await newAccount('supervisor');
    const cookies = [await session(target.id), await session(target.id)];
    const response = await call('reset', actors.admin, { loginId: target.loginId });
    expect(response.status).toBe(200);
    const { temporaryPassword } = (await response.json()) as { temporaryPassword: string };
    for (const cookie of cookies) expect(await signedIn(cookie)).toBe(false);
    expect((await signIn(target.loginId, staffPassword)).response.status).toBe(401);
    const { response: answer } = await signIn(target.loginId, temporaryPassword);
    expect((await answer.json()).user).toMatchObject({ mustChangePassword: true });
    const log = await events(target.loginId);
    expect(log.map(({ kind, detail }) => [kind, detail])).toContainEqual([
      'staff_password_reset',
      { temporary: true },
    ]);
    expect(JSON.stringify(log)).not.toContain(temporaryPassword);
  });
});

describe('refusals', () => {
  it.each([{ status: 'disabled' }, { role: 'supervisor' }, { role: 'clerk', status: 'enabled' }])(
    'an admin changing their own account %j: 409 self_change, nothing changed',
    async (body) => {
      const self = await newAccount('admin');
      const cookie = await session(self.id);
      const response = await call('change', cookie, { loginId: self.loginId, body });
      await expectProblem(response, 409, 'self_change');
      expect(await listed(self.loginId)).toMatchObject({ role: 'admin', status: 'enabled' });
      expect(await signedIn(cookie)).toBe(true);
      expect(await events(self.loginId)).toEqual([]);
    },
  );

  it('a password entered more than 15 minutes ago: reads, but changes nothing (401)', async () => {
    const admin = await newAccount('admin');
    const stale = await session(admin.id, 16);
    const target = await newAccount();
    expect((await call('list', stale)).status).toBe(200);
    const bodies: Partial<Record<StaffCall, unknown>> = {
      add: { loginId: staff.uniqueLoginId('late'), displayName: 'Late', role: 'clerk' },
      change: { status: 'disabled' },
    };
    for (const kind of ['add', 'change', 'reset', 'end'] as const) {
      const response = await call(kind, stale, { loginId: target.loginId, body: bodies[kind] });
      await expectProblem(response, 401, 'reauth_required');
    }
    expect(await events(target.loginId)).toEqual([]);
  });

  it.each(['change', 'reset', 'end'] as const)('%s for an unknown login id: 404', async (kind) => {
    const body = kind === 'change' ? { role: 'clerk' } : undefined;
    const loginId = staff.uniqueLoginId('ghost');
    await expectProblem(await call(kind, actors.admin, { loginId, body }), 404, 'not_found');
  });

  // Next decodes the path: `%00` arrives as NUL, which no login id holds (nor the database takes).
  it.each(['change', 'reset', 'end'] as const)(
    '%s for a login id with a control character: 404, not 500',
    async (kind) => {
      const body = kind === 'change' ? { role: 'clerk' } : undefined;
      for (const loginId of ['a\u0000b', 'tab\tid', '']) {
        await expectProblem(await call(kind, actors.admin, { loginId, body }), 404, 'not_found');
      }
    },
  );

  const added = { loginId: 'someone', displayName: 'Some One', role: 'clerk' };
  it.each([
    ['add', 'no role', { loginId: 'someone', displayName: 'Some One' }],
    ['add', 'a role that is not one', { ...added, role: 'owner' }],
    ['add', 'an empty display name', { ...added, displayName: '   ' }],
    ['add', 'a display name of 201 characters', { ...added, displayName: 'n'.repeat(201) }],
    ['add', 'a control character in the login id', { ...added, loginId: 'some\u0007one' }],
    ['add', 'an empty login id', { ...added, loginId: '  ' }],
    ['add', 'a password of its own', { ...added, password: 'chosen-password' }],
    ['add', 'no body', undefined],
    ['add', 'malformed JSON', '{"loginId":'],
    ['change', 'nothing to change', {}],
    ['change', 'a status that is not one', { status: 'gone' }],
    ['change', 'a role that is not one', { role: 'root' }],
    ['change', 'an extra field', { role: 'clerk', displayName: 'X' }],
    ['reset', 'a password of its own', { password: 'chosen-password' }],
    ['end', 'a body', { all: true }],
  ] as const)('%s with %s: 400, nothing changed', async (kind, _name, body) => {
    const target = await newAccount();
    const response = await call(kind, actors.admin, { loginId: target.loginId, body });
    await expectProblem(response, 400, 'bad_request');
    expect(await events(target.loginId)).toEqual([]);
    expect(await listed('someone')).toBeUndefined();
  });
});

describe('methods', () => {
  it.each([
    ['list', 'GET, HEAD, POST, OPTIONS'],
    ['change', 'PATCH, OPTIONS'],
    ['reset', 'POST, OPTIONS'],
    ['end', 'DELETE, OPTIONS'],
  ] as const)('%s: OPTIONS and every other method name %s', async (kind, allowed) => {
    const route = await staffRoute(kind);
    const context = { params: Promise.resolve({ loginId: 'someone' }) };
    const url = 'http://localhost:3000/api/staff';
    const options = await route.OPTIONS(new NextRequest(url, { method: 'OPTIONS' }), context);
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe(allowed);
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
      if (allowed.includes(method)) continue;
      const response = await route[method](new NextRequest(url, { method }), context);
      expect(response.headers.get('allow')).toBe(allowed);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
  });
});
