/** @jest-environment node */
// GET /api/auth/me end to end through its route handler, on a real in-memory PGlite database: the
// staff member of a session, read from the account at every request; every cookie it refuses.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import {
  authApiFixture,
  claimsOf,
  expectClearedCookie,
  expectProblem,
  meRequest,
  password,
  signInOk,
  signInRequest,
} from './auth-api-fixture';

const { db, accounts, sessionCookie, schema, signIn, me } = authApiFixture([
  'demo',
  'promoted',
  'moved',
  'dora',
  'rita',
]);

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
    await db()
      .update(schema().staffAccounts)
      .set({ role: 'supervisor' })
      .where(eq(schema().staffAccounts.loginId, 'promoted'));
    expect(await (await me(meRequest(cookie))).json()).toEqual({
      loginId: 'promoted',
      displayName: 'Promoted Staff',
      role: 'supervisor',
      mustChangePassword: false,
    });
  });

  it('ends the session when the accounts CLI changes the role; a new sign-in carries it', async () => {
    const { cookie } = await signInOk('moved');
    await accounts().setAccountRole(db(), 'moved', 'admin');
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
        return sessionCookie().signSessionCookie(claims, 'y'.repeat(48));
      },
    ],
    [
      'a real session id with a forged secret, signed with our key',
      async () => {
        const claims = claimsOf((await signInOk('demo')).cookie);
        return sessionCookie().signSessionCookie(
          { ...claims, sec: Buffer.alloc(32, 7).toString('base64url') },
          process.env.SESSION_SECRET!,
        );
      },
    ],
    [
      'an unknown session id signed with our key',
      async () =>
        sessionCookie().signSessionCookie(
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
        return sessionCookie().signSessionCookie(
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
    await accounts().disableAccount(db(), 'dora');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    // The sessions are revoked in the database, not only hidden while the account is disabled.
    await accounts().enableAccount(db(), 'dora');
    await expectProblem(await me(meRequest(cookie)), 401, 'unauthorized');
    const [row] = await db()
      .select()
      .from(schema().sessions)
      .where(eq(schema().sessions.id, claimsOf(cookie).sid));
    expect(row?.revokedReason).toBe('account-disabled');
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers 401 after a password reset, and the new password signs in', async () => {
    const { cookie } = await signInOk('rita');
    expect((await me(meRequest(cookie))).status).toBe(200);
    await accounts().resetPassword(db(), 'rita', 'a brand new password');
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
