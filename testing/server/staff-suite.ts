import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { Role } from '@/lib/auth/roles';
import { disableAccount, findAccount } from '@/lib/server/auth/accounts';
import type { Database } from '@/lib/server/db/database';
import { activityEvents, staffAccounts as accounts } from '@/lib/server/db/schema';
import { changeStaff } from '@/lib/server/staff/change-staff';
import type { StaffItem } from '@/lib/server/staff/list-staff';
import { expectProblem } from './agreements-requests';
import { addStaff, sessionCookie, signIn } from './staff-fixture';

// Staff administration (contract §15) through its route handlers, on the database the calling
// test file chose (its env module, imported first). The race sets every other admin aside for a
// moment: the database must be the file's own (a fresh PGlite, or a PostgreSQL one it made).

const origin = 'http://localhost:3000';
const cookieName = '__Host-gavel_session';

export type StaffCall = 'list' | 'add' | 'change' | 'reset' | 'end';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (
  r: NextRequest,
  c: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type Route = Record<Method | 'OPTIONS', Handler>;

const callPaths: Record<StaffCall, [Method, string]> = {
  list: ['GET', ''],
  add: ['POST', ''],
  change: ['PATCH', '/{id}'],
  reset: ['POST', '/{id}/reset-password'],
  end: ['DELETE', '/{id}/sessions'],
};

export async function staffRoute(call: StaffCall): Promise<Route> {
  if (call === 'list' || call === 'add') return import('@/app/api/staff/route');
  if (call === 'change') return import('@/app/api/staff/[loginId]/route');
  if (call === 'reset') return import('@/app/api/staff/[loginId]/reset-password/route');
  return import('@/app/api/staff/[loginId]/sessions/route');
}

/** The accounts, sessions and requests the staff tests use, with the hooks that open the database. */
export function staffHarness() {
  let connection: typeof import('@/lib/server/db/connection');
  let db: Database;
  const run = randomUUID().slice(0, 8);
  let counter = 0;
  /** A login id no other test or run has. */
  const uniqueLoginId = (prefix: string) => `${prefix}-${run}-${++counter}`;
  /** Session cookies of a clerk, a supervisor and an admin, their passwords entered just now. */
  const actors = { clerk: '', supervisor: '', admin: '' };

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    db = await connection.database();
    for (const role of ['clerk', 'supervisor', 'admin'] as const) {
      actors[role] = await session((await newAccount(role, 'actor')).id);
    }
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  /** An account made directly (the fixture's password). */
  async function newAccount(role: Role = 'clerk', prefix = 'staff') {
    const loginId = uniqueLoginId(prefix);
    const { id, displayName } = await addStaff(db, {
      loginId,
      displayName: `Staff ${loginId}`,
      role,
    });
    return { id, loginId, displayName };
  }

  /** A session cookie for the account, its password entered `minutesAgo` (last seen then too). */
  async function session(accountId: string, minutesAgo = 0): Promise<string> {
    return sessionCookie(db, accountId, new Date(Date.now() - minutesAgo * 60 * 1000));
  }

  /** A staff call as the browser sends it; a string body is sent as it is, other bodies as JSON. */
  async function call(
    kind: StaffCall,
    cookie: string | null,
    { loginId = 'nobody', body }: { loginId?: string; body?: unknown } = {},
  ): Promise<Response> {
    const [method, path] = callPaths[kind];
    const url = `${origin}/api/staff${path.replace('{id}', encodeURIComponent(loginId))}`;
    const headers: Record<string, string> = { origin, 'content-type': 'application/json' };
    if (cookie !== null) headers.cookie = `${cookieName}=${cookie}`;
    const text = typeof body === 'string' || body === undefined ? body : JSON.stringify(body);
    const request = new NextRequest(url, {
      method,
      headers,
      ...(text === undefined ? {} : { body: text }),
    });
    return (await staffRoute(kind))[method](request, { params: Promise.resolve({ loginId }) });
  }

  /** Whether the session cookie still lets someone in (`GET /api/auth/me`). */
  async function signedIn(cookie: string): Promise<boolean> {
    const { GET } = await import('@/app/api/auth/me/route');
    const headers = { cookie: `${cookieName}=${cookie}` };
    return (await GET(new NextRequest(`${origin}/api/auth/me`, { headers }))).status === 200;
  }

  /** The account as `GET /api/staff` lists it. */
  async function listed(loginId: string): Promise<StaffItem | undefined> {
    const response = await call('list', actors.admin);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: StaffItem[] };
    return items.find((item) => item.loginId === loginId);
  }

  /** The activity log's events about one account, oldest first. */
  async function events(subject: string) {
    const rows = await db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.subject, subject))
      .orderBy(asc(activityEvents.id));
    return rows.map(({ kind, actorLoginId, detail }) => ({ kind, actorLoginId, detail }));
  }

  /** Runs `race` with `ids` the only enabled admins: the others set aside, then put back. */
  async function onlyAdmins(ids: string[], race: () => Promise<void>) {
    const others = and(eq(accounts.role, 'admin'), isNull(accounts.disabledAt));
    const setAside = await db
      .update(accounts)
      .set({ disabledAt: new Date() })
      .where(and(others, notInArray(accounts.id, ids)))
      .returning({ id: accounts.id });
    try {
      await race();
    } finally {
      const back = inArray(
        accounts.id,
        setAside.map(({ id }) => id),
      );
      await db.update(accounts).set({ disabledAt: null }).where(back);
    }
  }

  async function roleOf(loginId: string) {
    return (await findAccount(db, loginId))!.role;
  }

  const database = () => db;
  return {
    actors,
    database,
    uniqueLoginId,
    newAccount,
    session,
    call,
    signIn,
    signedIn,
    listed,
    events,
    onlyAdmins,
    roleOf,
  };
}

export type StaffHarness = ReturnType<typeof staffHarness>;

/** What each call does and logs, and the last-admin race (contract §15), on either database. */
export function describeStaffApi(): StaffHarness {
  const staff = staffHarness();
  const { actors, call, newAccount, session, events, listed, signIn, signedIn } = staff;

  it('POST /api/staff adds an account whose temporary password signs in and must be changed', async () => {
    const loginId = staff.uniqueLoginId('New');
    const response = await call('add', actors.admin, {
      body: { loginId: `  ${loginId} `, displayName: ' Nina Ray ', role: 'admin' },
    });
    expect(response.status).toBe(201);
    const added = (await response.json()) as { account: StaffItem; temporaryPassword: string };
    expect(added.account).toEqual({
      loginId: loginId.toLowerCase(),
      displayName: 'Nina Ray',
      role: 'admin',
      status: 'enabled',
      lastSignInAt: null,
      openSessions: 0,
      mustChangePassword: true,
    });
    expect(added.temporaryPassword).toMatch(/^([2-9a-zA-Z]{4}-){3}[2-9a-zA-Z]{4}$/);

    const { response: answer, cookie } = await signIn(loginId, added.temporaryPassword);
    expect(answer.status).toBe(200);
    expect((await answer.json()).user).toMatchObject({ mustChangePassword: true });
    // An admin, but nothing else until the password is changed.
    await expectProblem(await call('list', cookie), 403, 'password_change_required');
    expect(await listed(loginId.toLowerCase())).toMatchObject({
      lastSignInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      openSessions: 1,
      mustChangePassword: true,
    });
    const log = await events(loginId.toLowerCase());
    expect(log[0]).toEqual({
      kind: 'staff_added',
      actorLoginId: expect.stringMatching(/^actor-/),
      detail: { role: 'admin', displayName: 'Nina Ray' },
    });
    expect(JSON.stringify(log)).not.toContain(added.temporaryPassword);

    const again = await call('add', actors.admin, {
      body: { loginId: loginId.toUpperCase(), displayName: 'Someone Else', role: 'clerk' },
    });
    await expectProblem(again, 409, 'conflict');
  });

  it('PATCH changes the role, disables and enables, ending sessions and logging each change', async () => {
    const target = await newAccount('clerk');
    const change = (body: unknown) =>
      call('change', actors.admin, { loginId: target.loginId, body });
    const before = await session(target.id);
    const promoted = await change({ role: 'supervisor' });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).account).toMatchObject({ role: 'supervisor', openSessions: 0 });
    expect(await signedIn(before)).toBe(false);

    const during = await session(target.id);
    const disabled = await (await change({ status: 'disabled', role: 'clerk' })).json();
    expect(disabled.account).toMatchObject({ role: 'clerk', status: 'disabled' });
    expect(await signedIn(during)).toBe(false);
    const enabled = await (await change({ status: 'enabled' })).json();
    expect(enabled.account).toMatchObject({ status: 'enabled' });

    expect((await events(target.loginId)).map(({ kind, detail }) => [kind, detail])).toEqual([
      ['staff_role_changed', { from: 'clerk', to: 'supervisor' }],
      ['staff_role_changed', { from: 'supervisor', to: 'clerk' }],
      ['staff_disabled', {}],
      ['staff_enabled', {}],
    ]);
  });

  it('DELETE sessions ends the open ones, counts them and leaves the account as it is', async () => {
    const target = await newAccount();
    const open = [await session(target.id), await session(target.id, 10)];
    await session(target.id, 31); // idle past the 30 minutes: not open
    expect(await listed(target.loginId)).toMatchObject({ openSessions: 2 });
    const response = await call('end', actors.admin, { loginId: target.loginId });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    for (const cookie of open) expect(await signedIn(cookie)).toBe(false);
    expect(await listed(target.loginId)).toMatchObject({ openSessions: 0, status: 'enabled' });
    expect(await events(target.loginId)).toEqual([
      expect.objectContaining({ kind: 'staff_sessions_ended', detail: { count: 2 } }),
    ]);
  });

  it('two admins demoting each other at once: one stays admin, the other meets last_admin', async () => {
    const [x, y] = [await newAccount('admin', 'race'), await newAccount('admin', 'race')];
    await staff.onlyAdmins([x.id, y.id], async () => {
      const demote = (actor: typeof x, loginId: string) =>
        changeStaff(staff.database(), actor, loginId, { role: 'clerk' });
      const results = await Promise.allSettled([demote(x, y.loginId), demote(y, x.loginId)]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected')!;
      expect(refused.reason).toMatchObject({ code: 'last_admin', status: 409 });
      const roles = [await staff.roleOf(x.loginId), await staff.roleOf(y.loginId)];
      expect(roles.sort()).toEqual(['admin', 'clerk']);
      // The accounts command, which has no account of its own, meets the same rule.
      const last = (await staff.roleOf(x.loginId)) === 'admin' ? x : y;
      await expect(disableAccount(staff.database(), last.loginId)).rejects.toMatchObject({
        code: 'last_admin',
      });
    });
  });

  return staff;
}
