/** @jest-environment node */
// A staff member's own sessions and the open tab's session check, through their route handlers on
// a real in-memory PGlite: what is listed, what may be ended, and that asking is no activity.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import { addStaff } from '@/testing/server/staff-fixture';

const origin = 'http://localhost:3000';
const cookieName = '__Host-gavel_session';
const minute = 60 * 1000;

type Handler = (
  request: NextRequest,
  context?: { params: Promise<Record<string, string>> },
) => Promise<Response>;

let db: Database;
let schema: typeof import('@/lib/server/db/schema');
let sessions: typeof import('@/lib/server/auth/sessions');
let list: Handler;
let end: Record<'GET' | 'DELETE' | 'OPTIONS', Handler>;
let status: Handler;
let me: Handler;

beforeAll(async () => {
  const { database } = await import('@/lib/server/db/connection');
  db = await database();
  schema = await import('@/lib/server/db/schema');
  sessions = await import('@/lib/server/auth/sessions');
  list = (await import('@/app/api/auth/sessions/route')).GET;
  end = await import('@/app/api/auth/sessions/[id]/route');
  status = (await import('@/app/api/auth/session-status/route')).GET;
  me = (await import('@/app/api/auth/me/route')).GET;
});

afterAll(async () => {
  const { databaseHandle } = await import('@/lib/server/db/connection');
  await (await databaseHandle()).close();
});

const newAccount = (loginId: string) => addStaff(db, { loginId });

async function openSession(accountId: string, at = new Date(), userAgent: string | null = null) {
  const session = await sessions.createSession(
    db,
    accountId,
    process.env.SESSION_SECRET!,
    at,
    userAgent,
  );
  return { id: session.sessionId, cookie: session.cookieValue };
}

const cookieHeader = (cookie: string | null): Record<string, string> =>
  cookie === null ? {} : { cookie: `${cookieName}=${cookie}` };
const get = (handler: Handler, path: string, cookie: string | null) =>
  handler(new NextRequest(`${origin}/api/auth/${path}`, { headers: cookieHeader(cookie) }));
const endSession = (cookie: string | null, id: string, headers: Record<string, string> = {}) =>
  end.DELETE(
    new NextRequest(`${origin}/api/auth/sessions/${id}`, {
      method: 'DELETE',
      headers: { origin, 'content-type': 'application/json', ...cookieHeader(cookie), ...headers },
    }),
    { params: Promise.resolve({ id }) },
  );

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

const sessionRow = async (id: string) =>
  (await db.select().from(schema.sessions).where(eq(schema.sessions.id, id)))[0]!;
const sessionCookieCleared = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${cookieName}=;`));

describe('GET /api/auth/sessions', () => {
  it('lists the live sessions of the account, the newest first, and marks this one', async () => {
    const account = await newAccount('lister');
    const now = Date.now();
    const older = await openSession(account.id, new Date(now - 20 * minute), 'Firefox on a tablet');
    const current = await openSession(account.id, new Date(now - minute), 'Chrome on a laptop');
    const revoked = await openSession(account.id);
    await sessions.revokeSession(db, revoked.id, 'sign-out');
    await openSession(account.id, new Date(now - 31 * minute)); // idle past 30 minutes
    await openSession(account.id, new Date(now - 13 * 60 * minute)); // past 12 hours
    await openSession((await newAccount('someone-else')).id);

    const response = await get(list, 'sessions', current.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { items } = (await response.json()) as { items: Record<string, unknown>[] };
    expect(items).toEqual([
      {
        id: current.id,
        current: true,
        userAgent: 'Chrome on a laptop',
        createdAt: new Date(now - minute).toISOString(),
        lastSeenAt: expect.any(String),
      },
      {
        id: older.id,
        current: false,
        userAgent: 'Firefox on a tablet',
        createdAt: new Date(now - 20 * minute).toISOString(),
        lastSeenAt: new Date(now - 20 * minute).toISOString(),
      },
    ]);
  });

  it('answers while a temporary password must be changed, and 401 without a session', async () => {
    const account = await newAccount('temporary');
    await db
      .update(schema.staffAccounts)
      .set({ mustChangePassword: true })
      .where(eq(schema.staffAccounts.id, account.id));
    const { cookie } = await openSession(account.id);
    expect((await get(list, 'sessions', cookie)).status).toBe(200);
    await expectProblem(await get(list, 'sessions', null), 401, 'unauthorized');
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('ends another session of the account, logs it, and keeps this one', async () => {
    const account = await newAccount('ender');
    const mine = await openSession(account.id);
    const other = await openSession(account.id, new Date(), 'Safari on a phone');
    const response = await endSession(mine.cookie, other.id);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(sessionCookieCleared(response)).toBe(false);
    expect((await get(me, 'me', other.cookie)).status).toBe(401);
    expect((await get(me, 'me', mine.cookie)).status).toBe(200);
    expect(await sessionRow(other.id)).toMatchObject({ revokedReason: 'ended-by-owner' });
    const events = await db
      .select()
      .from(schema.activityEvents)
      .where(eq(schema.activityEvents.actorLoginId, 'ender'));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'session_ended',
        actorId: account.id,
        detail: { current: false, userAgent: 'Safari on a phone' },
      }),
    ]);
    // Ended once: a second time there is no such live session.
    await expectProblem(await endSession(mine.cookie, other.id), 404, 'not_found');
  });

  it('ends this session too, and then clears its cookie', async () => {
    const mine = await openSession((await newAccount('self-ender')).id);
    const response = await endSession(mine.cookie, mine.id);
    expect(response.status).toBe(204);
    expect(sessionCookieCleared(response)).toBe(true);
    expect((await get(me, 'me', mine.cookie)).status).toBe(401);
  });

  it.each([
    ["another account's session", 'theirs'],
    ['an id no session has', '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'],
    ['an id that is no UUID', 'not-a-uuid'],
    ['an idle session', 'idle'],
  ])('answers 404 not_found for %s, and ends nothing', async (_, which) => {
    const account = await newAccount(`finder-${which.slice(0, 8)}`);
    const mine = await openSession(account.id);
    const theirs = await openSession((await newAccount(`owner-${which.slice(0, 8)}`)).id);
    const idle = await openSession(account.id, new Date(Date.now() - 31 * minute));
    const id = which === 'theirs' ? theirs.id : which === 'idle' ? idle.id : which;
    await expectProblem(await endSession(mine.cookie, id), 404, 'not_found');
    expect((await get(me, 'me', theirs.cookie)).status).toBe(200);
    expect((await sessionRow(idle.id)).revokedAt).toBeNull();
  });

  it('needs a session and the same origin, and answers DELETE only', async () => {
    const mine = await openSession((await newAccount('guarded')).id);
    await expectProblem(await endSession(null, mine.id), 401, 'unauthorized');
    const foreign = await endSession(mine.cookie, mine.id, { origin: 'https://evil.example' });
    await expectProblem(foreign, 403, 'forbidden');
    expect((await get(me, 'me', mine.cookie)).status).toBe(200);
    const refused = await get(end.GET, `sessions/${mine.id}`, mine.cookie);
    expect(refused.headers.get('allow')).toBe('DELETE, OPTIONS');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    await expectProblem(refused, 405, 'method_not_allowed');
    const options = await end.OPTIONS(new NextRequest(`${origin}/api/auth/sessions/${mine.id}`));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('DELETE, OPTIONS');
  });
});

describe('GET /api/auth/session-status', () => {
  it('answers 204 while the session is live, without moving its last sight', async () => {
    const account = await newAccount('poller');
    const { id, cookie } = await openSession(account.id, new Date(Date.now() - 5 * minute));
    const seen = (await sessionRow(id)).lastSeenAt;
    for (let poll = 0; poll < 3; poll += 1) {
      const response = await get(status, 'session-status', cookie);
      expect(response.status).toBe(204);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect((await sessionRow(id)).lastSeenAt).toEqual(seen);
    // Any other call is the staff member's activity, and slides it.
    expect((await get(me, 'me', cookie)).status).toBe(200);
    expect((await sessionRow(id)).lastSeenAt.getTime()).toBeGreaterThan(seen.getTime());
  });

  it('answers 401 once the account is disabled or the session ended, and clears the cookie', async () => {
    const disabled = await openSession((await newAccount('disabled')).id);
    const ended = await openSession((await newAccount('ended')).id);
    const idle = await openSession(
      (await newAccount('idler')).id,
      new Date(Date.now() - 31 * minute),
    );
    const { disableAccount } = await import('@/lib/server/auth/accounts');
    await disableAccount(db, 'disabled');
    await sessions.revokeSession(db, ended.id, 'ended-by-owner');
    for (const { cookie } of [disabled, ended, idle]) {
      const response = await get(status, 'session-status', cookie);
      expect(sessionCookieCleared(response)).toBe(true);
      await expectProblem(response, 401, 'unauthorized');
    }
    for (const cookie of [null, 'not-a-session']) {
      await expectProblem(await get(status, 'session-status', cookie), 401, 'unauthorized');
    }
  });
});
