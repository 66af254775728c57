/** @jest-environment node */
// The own-account calls end to end through their route handlers on a real in-memory PGlite:
// changing the password, entering it again, signing out, and what the activity log keeps of them.
// The sessions list and the tab's session check: sessions/sessions-api.test.ts.
import '@/testing/server/memory-database-env';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import { addStaff, sessionCookie, staffPassword } from '@/testing/server/staff-fixture';

const origin = 'http://localhost:3000';
const cookieName = '__Host-gavel_session';
const password = staffPassword;
const newPassword = 'a brand new passphrase';

let db: Database;
let schema: typeof import('@/lib/server/db/schema');
let routes: {
  password: (request: NextRequest) => Promise<Response>;
  reauthenticate: (request: NextRequest) => Promise<Response>;
  signIn: (request: NextRequest) => Promise<Response>;
  signOut: (request: NextRequest) => Promise<Response>;
  me: (request: NextRequest) => Promise<Response>;
};

beforeAll(async () => {
  const { database } = await import('@/lib/server/db/connection');
  db = await database();
  schema = await import('@/lib/server/db/schema');
  routes = {
    password: (await import('@/app/api/auth/password/route')).POST,
    reauthenticate: (await import('@/app/api/auth/reauthenticate/route')).POST,
    signIn: (await import('@/app/api/auth/sign-in/route')).POST,
    signOut: (await import('@/app/api/auth/sign-out/route')).POST,
    me: (await import('@/app/api/auth/me/route')).GET,
  };
});

afterAll(async () => {
  const { databaseHandle } = await import('@/lib/server/db/connection');
  await (await databaseHandle()).close();
});

/** A clerk's account with `count` open sessions; the first cookie is "this" browser's. */
async function accountWithSessions(loginId: string, count = 1, mustChangePassword = false) {
  const account = await addStaff(db, { loginId, displayName: `${loginId} Staff` });
  if (mustChangePassword) {
    await db
      .update(schema.staffAccounts)
      .set({ mustChangePassword })
      .where(eq(schema.staffAccounts.id, account.id));
  }
  const cookies: string[] = [];
  for (let index = 0; index < count; index += 1) {
    cookies.push(await sessionCookie(db, account.id));
  }
  return { account, cookies };
}

const post = (path: string, cookie: string | null, body: unknown, headers = {}) =>
  new NextRequest(`${origin}/api/auth/${path}`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      ...(cookie === null ? {} : { cookie: `${cookieName}=${cookie}` }),
      ...headers,
    },
    body: JSON.stringify(body),
  });

const changePassword = (cookie: string | null, body: unknown) =>
  routes.password(post('password', cookie, body));
const reauthenticate = (cookie: string | null, body: unknown) =>
  routes.reauthenticate(post('reauthenticate', cookie, body));
const meStatus = async (cookie: string) =>
  (
    await routes.me(
      new NextRequest(`${origin}/api/auth/me`, { headers: { cookie: `${cookieName}=${cookie}` } }),
    )
  ).status;

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

async function accountRow(id: string) {
  const [row] = await db.select().from(schema.staffAccounts).where(eq(schema.staffAccounts.id, id));
  return row!;
}

const sessionRow = async (id: string) =>
  (await db.select().from(schema.sessions).where(eq(schema.sessions.id, id)))[0]!;
const sessionIdOf = (cookie: string): string =>
  JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString()).sid;
const failuresOf = (loginId: string) =>
  db.$count(schema.signInFailures, eq(schema.signInFailures.loginId, loginId));
const eventsOf = (loginId: string, kind: string) =>
  db
    .select()
    .from(schema.activityEvents)
    .where(
      and(eq(schema.activityEvents.actorLoginId, loginId), eq(schema.activityEvents.kind, kind)),
    );

describe('POST /api/auth/password', () => {
  it('changes the password, clears the temporary mark, ends the other sessions and logs it', async () => {
    const { account, cookies } = await accountWithSessions('changer', 3, true);
    const [mine, other, third] = cookies as [string, string, string];
    const before = new Date();
    const response = await changePassword(mine, { currentPassword: password, newPassword });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()).toEqual([]);

    expect(await meStatus(other)).toBe(401);
    expect(await meStatus(third)).toBe(401);
    expect(await meStatus(mine)).toBe(200);
    expect((await sessionRow(sessionIdOf(other))).revokedReason).toBe('password-changed');
    expect((await sessionRow(sessionIdOf(mine))).authenticatedAt!.getTime()).toBeGreaterThanOrEqual(
      before.getTime(),
    );
    expect((await accountRow(account.id)).mustChangePassword).toBe(false);
    // The new password signs in, the old one no more.
    const signIn = (secret: string) =>
      routes.signIn(post('sign-in', null, { loginId: 'changer', password: secret }));
    expect((await signIn(password)).status).toBe(401);
    expect((await signIn(newPassword)).status).toBe(200);
    expect(await failuresOf('changer')).toBe(1);

    const [event] = await eventsOf('changer', 'password_changed');
    expect(event).toMatchObject({
      actorId: account.id,
      actorName: 'changer Staff',
      subject: null,
      detail: { temporary: true, otherSessionsEnded: 2 },
    });
  });

  it('answers 401 invalid_credentials for a wrong current password, and changes nothing', async () => {
    const { account, cookies } = await accountWithSessions('wrong-current', 2);
    const hash = (await accountRow(account.id)).passwordHash;
    const response = await changePassword(cookies[0]!, {
      currentPassword: 'not my password',
      newPassword,
    });
    await expectProblem(response, 401, 'invalid_credentials');
    expect((await accountRow(account.id)).passwordHash).toBe(hash);
    expect(await meStatus(cookies[1]!)).toBe(200);
    expect(await failuresOf('wrong-current')).toBe(1);
    expect(await eventsOf('wrong-current', 'password_changed')).toEqual([]);
  });

  it.each([
    ['a new password of 7 characters', { currentPassword: password, newPassword: 'seven77' }],
    [
      'a new password of 1025 characters',
      { currentPassword: password, newPassword: 'x'.repeat(1025) },
    ],
    ['the same password again', { currentPassword: password, newPassword: password }],
    ['no new password', { currentPassword: password }],
    ['a field more', { currentPassword: password, newPassword, loginId: 'someone' }],
    ['a number', { currentPassword: password, newPassword: 12345678 }],
  ])('answers 400 bad_request for %s, before any guess is counted', async (_, body) => {
    const loginId = `weak-${Math.random().toString(36).slice(2, 8)}`;
    const { account, cookies } = await accountWithSessions(loginId);
    const hash = (await accountRow(account.id)).passwordHash;
    await expectProblem(await changePassword(cookies[0]!, body), 400, 'bad_request');
    expect((await accountRow(account.id)).passwordHash).toBe(hash);
    expect(await failuresOf(loginId)).toBe(0);
  });

  it('takes a new password of 8 and of 1024 characters', async () => {
    const { cookies } = await accountWithSessions('lengths');
    const eight = 'eight888';
    expect(
      (await changePassword(cookies[0]!, { currentPassword: password, newPassword: eight })).status,
    ).toBe(204);
    const long = 'y'.repeat(1024);
    expect(
      (await changePassword(cookies[0]!, { currentPassword: eight, newPassword: long })).status,
    ).toBe(204);
  });

  it('counts wrong passwords with the sign-in limit: 429 with Retry-After after 10', async () => {
    const { cookies } = await accountWithSessions('guessed');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = { currentPassword: `guess ${attempt}`, newPassword };
      await expectProblem(await changePassword(cookies[0]!, wrong), 401, 'invalid_credentials');
    }
    const right = await changePassword(cookies[0]!, { currentPassword: password, newPassword });
    await expectProblem(right, 429, 'rate_limited');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same limit as sign-in: the login id is locked out there too, for unknown browsers.
    const signIn = await routes.signIn(post('sign-in', null, { loginId: 'guessed', password }));
    await expectProblem(signIn, 429, 'rate_limited');
  });

  it('answers 401 without a session and 403 from another origin', async () => {
    const body = { currentPassword: password, newPassword };
    await expectProblem(await changePassword(null, body), 401, 'unauthorized');
    const { cookies } = await accountWithSessions('cross-site');
    const foreign = post('password', cookies[0]!, body, { origin: 'https://evil.example' });
    await expectProblem(await routes.password(foreign), 403, 'forbidden');
  });
});

describe('POST /api/auth/reauthenticate', () => {
  it('renews the session password time, withdraws the attempt and logs it', async () => {
    const { account, cookies } = await accountWithSessions('renewer', 2);
    const id = sessionIdOf(cookies[0]!);
    const longAgo = new Date(Date.now() - 20 * 60 * 1000);
    await db.update(schema.sessions).set({ authenticatedAt: longAgo });

    await expectProblem(
      await reauthenticate(cookies[0]!, { password: 'nope' }),
      401,
      'invalid_credentials',
    );
    expect((await sessionRow(id)).authenticatedAt).toEqual(longAgo);

    const response = await reauthenticate(cookies[0]!, { password });
    expect(response.status).toBe(204);
    expect((await sessionRow(id)).authenticatedAt!.getTime()).toBeGreaterThan(longAgo.getTime());
    // Only this session: the other one still needs the password again.
    expect((await sessionRow(sessionIdOf(cookies[1]!))).authenticatedAt).toEqual(longAgo);
    expect(await failuresOf('renewer')).toBe(1);
    const events = await eventsOf('renewer', 'reauthenticated');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: account.id, detail: {} });
  });

  it('is refused while a temporary password must be changed, and after 10 wrong passwords', async () => {
    const { cookies } = await accountWithSessions('temporary', 1, true);
    await expectProblem(
      await reauthenticate(cookies[0]!, { password }),
      403,
      'password_change_required',
    );
    const { cookies: limited } = await accountWithSessions('reauth-limited');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await reauthenticate(limited[0]!, { password: `guess ${attempt}` });
    }
    await expectProblem(await reauthenticate(limited[0]!, { password }), 429, 'rate_limited');
    await expectProblem(await reauthenticate(null, { password }), 401, 'unauthorized');
    await expectProblem(await reauthenticate(limited[0]!, {}), 400, 'bad_request');
  });
});

describe('POST /api/auth/sign-out', () => {
  it('logs the sign-out of the session it ends', async () => {
    const { account, cookies } = await accountWithSessions('leaver');
    expect((await routes.signOut(post('sign-out', cookies[0]!, {}))).status).toBe(204);
    expect(await eventsOf('leaver', 'sign_out')).toEqual([
      expect.objectContaining({ actorId: account.id, actorName: 'leaver Staff', detail: {} }),
    ]);
    // Without a session nothing is ended, and nothing logged.
    const total = await db.$count(schema.activityEvents);
    expect((await routes.signOut(post('sign-out', null, {}))).status).toBe(204);
    expect(await db.$count(schema.activityEvents)).toBe(total);
  });
});

it('the activity log holds no password these calls were given', async () => {
  const rows = JSON.stringify(await db.select().from(schema.activityEvents));
  expect(rows).toContain('password_changed');
  for (const secret of [password, newPassword, 'not my password', 'eight888', 'guess 3', 'nope']) {
    expect(rows).not.toContain(secret);
  }
});
