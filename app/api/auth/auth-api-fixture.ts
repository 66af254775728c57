import 'server-only';
import { NextRequest } from 'next/server';
import type { Database } from '@/lib/server/db/database';
import { addStaff, signIn as signInAs, staffPassword } from '@/testing/server/staff-fixture';

// What the auth API's example tests (auth-api.*.test.ts) share: the route handlers on the file's
// own in-memory PGlite, its accounts, the requests they send and the checks of the session cookie.

type SignInRoute = typeof import('@/app/api/auth/sign-in/route');
type MeRoute = typeof import('@/app/api/auth/me/route');
type SignOutRoute = typeof import('@/app/api/auth/sign-out/route');
type SessionEndedRoute = typeof import('@/app/api/auth/session-ended/route');
type HealthRoute = typeof import('@/app/api/health/route');
type Accounts = typeof import('@/lib/server/auth/accounts');
type SessionCookie = typeof import('@/lib/server/auth/session-cookie');
type Schema = typeof import('@/lib/server/db/schema');
type Connection = typeof import('@/lib/server/db/connection');

export const origin = 'http://localhost:3000';
export const cookieName = '__Host-gavel_session';
export const password = staffPassword;

export function signInRequest(body: unknown, headers: Record<string, string> = {}) {
  return new NextRequest(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export function meRequest(cookie?: string) {
  return new NextRequest(`${origin}/api/auth/me`, {
    headers: cookie === undefined ? {} : { cookie: `${cookieName}=${cookie}` },
  });
}

export function signOutRequest(cookie?: string) {
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
export function sessionSetCookie(response: Response): SetCookie {
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
export function expectClearedCookie(response: Response) {
  const cleared = sessionSetCookie(response);
  expect(cleared.value).toBe('');
  expect(cleared.attributes['max-age']).toBe('0');
  expect(cleared.attributes.path).toBe('/');
  expect(cleared.attributes.secure).toBe(true);
  expect(cleared.attributes.httponly).toBe(true);
  expect(cleared.attributes.samesite).toBe('Lax');
}

/** An error answer: its status, no caching, JSON, and `{error: {code, message}}` with a message. */
export async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
  return body as { error: { code: string; message: string } };
}

/** A sign-in that succeeds: the answer, its body and the session cookie it set. */
export async function signInOk(loginId: string, secret = password) {
  const { response } = await signInAs(loginId, secret);
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    user: { loginId: string; displayName: string; role: string };
    accessTokenId: string;
  };
  return { response, body, cookie: sessionSetCookie(response).value };
}

export function claimsOf(cookie: string): { sid: string; sec: string; exp: number } {
  const payload = cookie.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/**
 * Registers the file's hooks: the database opened with an account per login id (`demo` an admin,
 * the others clerks, each named `<Login> Staff`), the route handlers imported; then closed.
 */
export function authApiFixture(loginIds: string[]) {
  let connection: Connection;
  let db: Database;
  let accounts: Accounts;
  let sessionCookie: SessionCookie;
  let schema: Schema;
  let routes: {
    signIn: SignInRoute['POST'];
    me: MeRoute['GET'];
    signOut: SignOutRoute['POST'];
    sessionEnded: SessionEndedRoute['GET'];
    health: HealthRoute['GET'];
  };

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    accounts = await import('@/lib/server/auth/accounts');
    sessionCookie = await import('@/lib/server/auth/session-cookie');
    schema = await import('@/lib/server/db/schema');
    routes = {
      signIn: (await import('@/app/api/auth/sign-in/route')).POST,
      me: (await import('@/app/api/auth/me/route')).GET,
      signOut: (await import('@/app/api/auth/sign-out/route')).POST,
      sessionEnded: (await import('@/app/api/auth/session-ended/route')).GET,
      health: (await import('@/app/api/health/route')).GET,
    };
    db = await connection.database();
    await Promise.all(
      loginIds.map((loginId) =>
        addStaff(db, {
          loginId,
          displayName: `${loginId[0]!.toUpperCase()}${loginId.slice(1)} Staff`,
          role: loginId === 'demo' ? 'admin' : 'clerk',
        }),
      ),
    );
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  async function sessionRowCount(): Promise<number> {
    return (await db.select().from(schema.sessions)).length;
  }

  return {
    db: () => db,
    accounts: () => accounts,
    sessionCookie: () => sessionCookie,
    schema: () => schema,
    signIn: (request: NextRequest) => routes.signIn(request),
    me: (request: NextRequest) => routes.me(request),
    signOut: (request: NextRequest) => routes.signOut(request),
    sessionEnded: (request: NextRequest) => routes.sessionEnded(request),
    health: (request: NextRequest) => routes.health(request),
    sessionRowCount,
  };
}
