/** @jest-environment node */
// The auth API end to end through its route handlers, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';

type SignInRoute = typeof import('@/app/api/auth/sign-in/route');
type MeRoute = typeof import('@/app/api/auth/me/route');
type SignOutRoute = typeof import('@/app/api/auth/sign-out/route');
type SessionEndedRoute = typeof import('@/app/api/auth/session-ended/route');
type HealthRoute = typeof import('@/app/api/health/route');
type Accounts = typeof import('@/lib/server/auth/accounts');
type SessionCookie = typeof import('@/lib/server/auth/session-cookie');
type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

const origin = 'http://localhost:3000';
const cookieName = '__Host-gavel_session';
const password = 'correct horse battery';

let signIn: SignInRoute['POST'];
let me: MeRoute['GET'];
let signOut: SignOutRoute['POST'];
let sessionEnded: SessionEndedRoute['GET'];
let health: HealthRoute['GET'];
let accounts: Accounts;
let sessionCookie: SessionCookie;
let schema: Schema;
let connection: Connection;
let db: Database;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  accounts = await import('@/lib/server/auth/accounts');
  sessionCookie = await import('@/lib/server/auth/session-cookie');
  schema = await import('@/lib/server/db/schema');
  ({ POST: signIn } = await import('@/app/api/auth/sign-in/route'));
  ({ GET: me } = await import('@/app/api/auth/me/route'));
  ({ POST: signOut } = await import('@/app/api/auth/sign-out/route'));
  ({ GET: sessionEnded } = await import('@/app/api/auth/session-ended/route'));
  ({ GET: health } = await import('@/app/api/health/route'));
  db = await connection.database();
  await Promise.all(
    ['demo', 'renewal', 'dora', 'rita', 'guard', 'sso', 'promoted', 'moved'].map((loginId) =>
      accounts.createAccount(db, {
        loginId,
        displayName: `${loginId[0]!.toUpperCase()}${loginId.slice(1)} Staff`,
        password,
        role: loginId === 'demo' ? 'admin' : 'clerk',
      }),
    ),
  );
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

function signInRequest(body: unknown, headers: Record<string, string> = {}) {
  return new NextRequest(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function meRequest(cookie?: string) {
  return new NextRequest(`${origin}/api/auth/me`, {
    headers: cookie === undefined ? {} : { cookie: `${cookieName}=${cookie}` },
  });
}

function signOutRequest(cookie?: string) {
  return new NextRequest(`${origin}/api/auth/sign-out`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      ...(cookie === undefined ? {} : { cookie: `${cookieName}=${cookie}` }),
    },
    body: '{}',
  });
}

interface SetCookie {
  value: string;
  attributes: Record<string, string | true>;
}

/** The session cookie the response sets (exactly one), parsed. */
function sessionSetCookie(response: Response): SetCookie {
  const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`${cookieName}=`));
  expect(cookies).toHaveLength(1);
  const [pair, ...rest] = cookies[0]!.split(';').map((part) => part.trim());
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const [key, ...value] = attribute.split('=');
    attributes[key!.toLowerCase()] = value.length ? value.join('=') : true;
  }
  return { value: pair!.slice(cookieName.length + 1), attributes };
}

/** The session cookie is cleared with every attribute a `__Host-` cookie needs to be replaced. */
function expectClearedCookie(response: Response) {
  const cleared = sessionSetCookie(response);
  expect(cleared.value).toBe('');
  expect(cleared.attributes['max-age']).toBe('0');
  expect(cleared.attributes.path).toBe('/');
  expect(cleared.attributes.secure).toBe(true);
  expect(cleared.attributes.httponly).toBe(true);
  expect(cleared.attributes.samesite).toBe('Lax');
}

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
  return body as { error: { code: string; message: string } };
}

async function signInOk(loginId: string, secret = password) {
  const response = await signIn(signInRequest({ loginId, password: secret }));
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    user: { loginId: string; displayName: string; role: string };
    accessTokenId: string;
  };
  return { response, body, cookie: sessionSetCookie(response).value };
}

async function sessionRowCount(): Promise<number> {
  return (await db.select().from(schema.sessions)).length;
}

function claimsOf(cookie: string): { sid: string; sec: string; exp: number } {
  const payload = cookie.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

// ---- tests ----

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
    await accounts.createAccount(db, {
      loginId: 'disabled-one',
      displayName: 'Disabled',
      password,
      role: 'clerk',
    });
    await accounts.disableAccount(db, 'disabled-one');
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

describe('GET /api/auth/me', () => {
  it('answers 200 with the login id, display name and role for a signed-in cookie', async () => {
    const { cookie } = await signInOk('demo');
    const response = await me(meRequest(cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      loginId: 'demo',
      displayName: 'Demo Staff',
      role: 'admin',
      mustChangePassword: false,
    });
  });

  it('reads the role from the account at every request', async () => {
    const { cookie } = await signInOk('promoted');
    expect((await (await me(meRequest(cookie))).json()).role).toBe('clerk');
    await db
      .update(schema.staffAccounts)
      .set({ role: 'supervisor' })
      .where(eq(schema.staffAccounts.loginId, 'promoted'));
    expect(await (await me(meRequest(cookie))).json()).toEqual({
      loginId: 'promoted',
      displayName: 'Promoted Staff',
      role: 'supervisor',
      mustChangePassword: false,
    });
  });

  it('ends the session when the accounts CLI changes the role; a new sign-in carries it', async () => {
    const { cookie } = await signInOk('moved');
    await accounts.setAccountRole(db, 'moved', 'admin');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    const fresh = await signInOk('moved');
    expect(fresh.body.user).toEqual({
      loginId: 'moved',
      displayName: 'Moved Staff',
      role: 'admin',
      mustChangePassword: false,
    });
    expect((await (await me(meRequest(fresh.cookie))).json()).role).toBe('admin');
  });

  it('answers 401 unauthorized without a cookie, and sets no cookie', async () => {
    const response = await me(meRequest());
    const body = await expectProblem(response, 401, 'unauthorized');
    expect(body.error.message).toBe('Sign in to continue.');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  type CookieCase = [string, () => Promise<string>];
  const refusedCookies: CookieCase[] = [
    ['a garbage cookie', async () => 'not-a-session'],
    ['an empty JWT shape', async () => 'a.b.c'],
    [
      'a real session signed with another secret',
      async () => {
        const claims = claimsOf((await signInOk('demo')).cookie);
        return sessionCookie.signSessionCookie(claims, 'y'.repeat(48));
      },
    ],
    [
      'a real session id with a forged secret, signed with our key',
      async () => {
        const claims = claimsOf((await signInOk('demo')).cookie);
        return sessionCookie.signSessionCookie(
          { ...claims, sec: Buffer.alloc(32, 7).toString('base64url') },
          process.env.SESSION_SECRET!,
        );
      },
    ],
    [
      'an unknown session id signed with our key',
      async () =>
        sessionCookie.signSessionCookie(
          {
            sid: '00000000-0000-4000-8000-000000000000',
            sec: 'whatever',
            exp: Math.floor(Date.now() / 1000) + 3600,
          },
          process.env.SESSION_SECRET!,
        ),
    ],
    [
      'a real session whose signed expiry has passed',
      async () => {
        const claims = claimsOf((await signInOk('demo')).cookie);
        return sessionCookie.signSessionCookie(
          { ...claims, exp: Math.floor(Date.now() / 1000) - 10 },
          process.env.SESSION_SECRET!,
        );
      },
    ],
    [
      'an unsigned (alg none) token',
      async () => {
        const claims = claimsOf((await signInOk('demo')).cookie);
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return `${encode({ alg: 'none' })}.${encode(claims)}.`;
      },
    ],
  ];

  it.each(refusedCookies)('answers 401 and clears the cookie for %s', async (_name, makeCookie) => {
    const response = await me(meRequest(await makeCookie()));
    await expectProblem(response, 401, 'unauthorized');
    expectClearedCookie(response);
  });

  it('answers 401 once the account is disabled', async () => {
    const { cookie } = await signInOk('dora');
    expect((await me(meRequest(cookie))).status).toBe(200);
    await accounts.disableAccount(db, 'dora');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    // The sessions are revoked in the database, not only hidden while the account is disabled.
    await accounts.enableAccount(db, 'dora');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    const [row] = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, claimsOf(cookie).sid));
    expect(row?.revokedReason).toBe('account-disabled');
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers 401 after a password reset, and the new password signs in', async () => {
    const { cookie } = await signInOk('rita');
    expect((await me(meRequest(cookie))).status).toBe(200);
    await accounts.resetPassword(db, 'rita', 'a brand new password');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    await expectProblem(
      await signIn(signInRequest({ loginId: 'rita', password })),
      401,
      'invalid_credentials',
    );
    const renewed = await signInOk('rita', 'a brand new password');
    expect((await me(meRequest(renewed.cookie))).status).toBe(200);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('answers 204, revokes the session in the database and clears the cookie', async () => {
    const { cookie, body } = await signInOk('demo');
    const response = await signOut(signOutRequest(cookie));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectClearedCookie(response);

    const [row] = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.id, body.accessTokenId));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.revokedReason).toBe('sign-out');

    // Replaying the old cookie is refused.
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
  });

  it.each<[string, string | undefined]>([
    ['without a cookie', undefined],
    ['with a garbage cookie', 'garbage'],
  ])('answers 204 and clears the cookie %s', async (_name, cookie) => {
    const response = await signOut(signOutRequest(cookie));
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(sessionSetCookie(response).attributes['max-age']).toBe('0');
  });

  it('is a mutation: refuses a cross-origin sign-out with 403', async () => {
    const { cookie } = await signInOk('demo');
    const request = new NextRequest(`${origin}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        cookie: `${cookieName}=${cookie}`,
      },
      body: '{}',
    });
    await expectProblem(await signOut(request), 403, 'forbidden');
    expect((await me(meRequest(cookie))).status).toBe(200);
  });
});

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

describe('GET /api/auth/session-ended', () => {
  it('answers 303 to /sign and clears the cookie', async () => {
    const response = await sessionEnded(
      new NextRequest(`${origin}/api/auth/session-ended`, {
        headers: { cookie: `${cookieName}=whatever` },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectClearedCookie(response);
  });

  it('leaves a session the database accepts alone and goes on to /dash (a link is no sign-out)', async () => {
    const { cookie } = await signInOk('demo');
    const response = await sessionEnded(
      new NextRequest(`${origin}/api/auth/session-ended`, {
        headers: { cookie: `${cookieName}=${cookie}` },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dash');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await me(meRequest(cookie))).status).toBe(200);
  });

  it.each([
    [
      '/dash?sale=london-watches-2026&lot=lot-12',
      '/sign?next=%2Fdash%3Fsale%3Dlondon-watches-2026%26lot%3Dlot-12',
    ],
    ['/dash', '/sign'],
    ['//evil.example', '/sign'],
    ['/api/auth/session-ended', '/sign'],
  ])('with next=%j, sends an ended session to sign in at %j', async (next, location) => {
    const response = await sessionEnded(
      new NextRequest(`${origin}/api/auth/session-ended?next=${encodeURIComponent(next)}`, {
        headers: { cookie: `${cookieName}=whatever` },
      }),
    );
    expect(response.headers.get('location')).toBe(location);
    expectClearedCookie(response);
  });

  it('sends a live session on to its page', async () => {
    const { cookie } = await signInOk('demo');
    const response = await sessionEnded(
      new NextRequest(
        `${origin}/api/auth/session-ended?next=${encodeURIComponent('/dash?sale=x')}`,
        {
          headers: { cookie: `${cookieName}=${cookie}` },
        },
      ),
    );
    expect(response.headers.get('location')).toBe('/dash?sale=x');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('clears a revoked session', async () => {
    const { cookie } = await signInOk('demo');
    await signOut(signOutRequest(cookie));
    const response = await sessionEnded(
      new NextRequest(`${origin}/api/auth/session-ended`, {
        headers: { cookie: `${cookieName}=${cookie}` },
      }),
    );
    expect(response.headers.get('location')).toBe('/sign');
    expectClearedCookie(response);
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
