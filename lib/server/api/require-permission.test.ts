/** @jest-environment node */
// The role guard: a table test of the function, then a tiny route built with it, through the
// handler wrapper, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { z } from 'zod';
import { actions, roles, type Action, type Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { ApiProblem } from '@/lib/server/http/api-problem';
import { requirePermission } from './require-permission';

// Contracts §12, §14 and §15, written out: the actions each role is refused.
const refused: Record<Role, readonly Action[]> = {
  clerk: ['second-approval', 'reopen', 'clear-escalated-flag', 'manage-staff', 'see-activity'],
  supervisor: ['manage-staff'],
  admin: [],
};

describe('requirePermission', () => {
  it.each(roles.flatMap((role) => actions.map((action) => [role, action] as const)))(
    '%s, %s',
    (role, action) => {
      const check = () => requirePermission({ account: { role } }, action);
      if (!refused[role].includes(action)) {
        expect(check).not.toThrow();
        return;
      }
      let problem: unknown;
      try {
        check();
      } catch (error) {
        problem = error;
      }
      expect(problem).toBeInstanceOf(ApiProblem);
      expect(problem).toMatchObject({ code: 'forbidden', status: 403 });
      expect((problem as ApiProblem).message).toMatch(
        new RegExp(`^The role ${role} may not .+\\.$`),
      );
    },
  );
});

describe('a route that needs a permission', () => {
  const origin = 'http://localhost:3000';
  const cookieName = '__Host-gavel_session';
  let db: Database;
  let route: (request: NextRequest) => Promise<Response>;
  /** A new account with `role` and a session: its login id and the session's cookie. */
  let signedIn: (role: Role) => Promise<{ loginId: string; cookie: string }>;
  let accountsModule: typeof import('@/lib/server/auth/accounts');
  let schema: typeof import('@/lib/server/db/schema');

  beforeAll(async () => {
    const connection = await import('@/lib/server/db/connection');
    const { apiHandler } = await import('./api-handler');
    const { apiRoute } = await import('./api-route');
    const { createSession } = await import('@/lib/server/auth/sessions');
    accountsModule = await import('@/lib/server/auth/accounts');
    schema = await import('@/lib/server/db/schema');
    db = await connection.database();
    // Stands for the reopen call: a body that is checked only once the role allows it.
    route = apiRoute({
      POST: apiHandler(
        { session: true, permission: 'reopen', body: z.strictObject({ reason: z.string() }) },
        async ({ session, body }) =>
          Response.json({ reopenedBy: session.account.loginId, reason: body.reason }),
      ),
    }).POST;
    let count = 0;
    signedIn = async (role) => {
      const loginId = `${role}-${++count}`;
      const account = await accountsModule.createAccount(db, {
        loginId,
        displayName: loginId,
        password: 'a long password',
        role,
      });
      const { cookieValue } = await createSession(db, account.id, 'x'.repeat(48));
      return { loginId, cookie: cookieValue };
    };
  });

  afterAll(async () => {
    const connection = await import('@/lib/server/db/connection');
    await (await connection.databaseHandle()).close();
  });

  const post = (cookie: string | null, body: unknown) =>
    route(
      new NextRequest(`${origin}/api/test/reopen`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          ...(cookie === null ? {} : { cookie: `${cookieName}=${cookie}` }),
        },
        body: JSON.stringify(body),
      }),
    );

  it('refuses a clerk with 403 forbidden in the envelope, before reading the body', async () => {
    const { cookie } = await signedIn('clerk');
    for (const body of [{ reason: 'a reason' }, { not: 'valid' }]) {
      const response = await post(cookie, body);
      expect(response.status).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        error: { code: 'forbidden', message: 'The role clerk may not reopen a decided agreement.' },
      });
    }
  });

  it.each(['supervisor', 'admin'] as const)('lets a %s through', async (role) => {
    const { cookie } = await signedIn(role);
    const response = await post(cookie, { reason: 'a reason' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      reopenedBy: expect.stringMatching(new RegExp(`^${role}-`)),
      reason: 'a reason',
    });
  });

  it('answers 401 without a session', async () => {
    const response = await post(null, { reason: 'a reason' });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('reads the role at every request: a change in the database counts at once', async () => {
    const { loginId, cookie } = await signedIn('clerk');
    expect((await post(cookie, { reason: 'first' })).status).toBe(403);
    await db
      .update(schema.staffAccounts)
      .set({ role: 'supervisor' })
      .where(eq(schema.staffAccounts.loginId, loginId));
    expect((await post(cookie, { reason: 'second' })).status).toBe(200);
  });

  it('ends the sessions when the role is set through the accounts module', async () => {
    const { loginId, cookie } = await signedIn('supervisor');
    expect((await post(cookie, { reason: 'before' })).status).toBe(200);
    await accountsModule.setAccountRole(db, loginId, 'clerk');
    const response = await post(cookie, { reason: 'after' });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
  });
});
