/** @jest-environment node */
// POST /api/auth/sign-out and GET /api/auth/session-ended end to end through their route
// handlers, on a real in-memory PGlite database: the session revoked, the cookie cleared.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import {
  authApiFixture,
  cookieName,
  expectClearedCookie,
  expectProblem,
  meRequest,
  origin,
  sessionSetCookie,
  signInOk,
  signOutRequest,
} from './auth-api-fixture';

const { db, schema, me, signOut, sessionEnded } = authApiFixture(['demo']);

describe('POST /api/auth/sign-out', () => {
  it('answers 204, revokes the session in the database and clears the cookie', async () => {
    const { cookie, body } = await signInOk('demo');
    const response = await signOut(signOutRequest(cookie));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectClearedCookie(response);

    const [row] = await db()
      .select()
      .from(schema().sessions)
      .where(eq(schema().sessions.id, body.accessTokenId));
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
