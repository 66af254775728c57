/** @jest-environment node */
// The session lookup each request makes, on a real in-memory PGlite database: the prepared
// statement and the Drizzle query agree, no id reaches SQL as text, nothing is cached.
import { eq } from 'drizzle-orm';
import {
  accountId,
  accounts,
  db,
  newSession,
  schema,
  sessionCookie,
  sessionLookup,
  sessions,
  signingKey,
  sessionsTestDatabase,
} from './sessions-harness';

sessionsTestDatabase();

describe('the session lookup', () => {
  const pglite = () =>
    (db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;

  it("reads on PGlite's prepared statement the same row as the Drizzle query PostgreSQL runs", async () => {
    const { sessionId } = await newSession();
    const fromPglite = await sessionLookup.lookUpWithPglite(pglite(), sessionId);
    const fromDrizzle = await sessionLookup.lookUpWithDrizzle(db, sessionId);
    expect(fromPglite).toEqual(fromDrizzle);
    expect(fromPglite).toMatchObject({ sessionId, accountId, loginId: 'session.owner' });
    expect(fromPglite?.lastSeenAt).toBeInstanceOf(Date);
    expect(fromPglite?.revokedAt).toBeNull();
    // Exactly the columns the checks and the answer use: never the password hash.
    expect(Object.keys(fromPglite!).sort()).toEqual(Object.keys(fromDrizzle!).sort());
    expect(Object.keys(fromPglite!)).not.toContain('passwordHash');
  });

  it("works from a second copy of the module (each route's bundle has one) on the same database", async () => {
    const { sessionId } = await newSession();
    await sessionLookup.lookUpWithPglite(pglite(), sessionId);
    // What another bundle's copy sees: the statement prepared, but not by itself.
    delete (pglite() as unknown as Record<symbol, unknown>)[
      Symbol.for('gavel.sessionLookupPrepared')
    ];
    await expect(sessionLookup.lookUpWithPglite(pglite(), sessionId)).resolves.toMatchObject({
      sessionId,
    });
  });

  it('fails as a Drizzle query error, which the API summarises without the session id', async () => {
    const { withoutQueryDetails } = await import('@/lib/server/http/error-summary');
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const sessionId = '11111111-2222-4333-8444-555555555555';
    const failing = {
      exec: async (statement: string) => {
        throw Object.assign(new Error(`syntax error in ${statement}`), { query: statement });
      },
    } as unknown as import('@electric-sql/pglite').PGlite;
    const error = await sessionLookup.lookUpWithPglite(failing, sessionId).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const reported = withoutQueryDetails(error) as Error;
    expect(reported.message).toMatch(/^A database query failed/);
    expect(`${reported.message}\n${reported.stack}`).not.toContain(sessionId);
  });

  it('finds nothing for an unknown id, either way', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(sessionLookup.lookUpWithPglite(pglite(), unknown)).resolves.toBeNull();
    await expect(sessionLookup.lookUpWithDrizzle(db, unknown)).resolves.toBeNull();
  });

  it.each(["x') or ('1'='1", "'; drop table sessions; --", '', 'not-a-uuid', `${'0'.repeat(36)}`])(
    'names no session with the id %p, and never puts it into SQL',
    async (sid) => {
      await expect(sessionLookup.lookUpSession(db, sid)).resolves.toBeNull();
      await expect(sessionLookup.lookUpWithPglite(pglite(), sid)).rejects.toThrow('UUID');
      const cookie = await sessionCookie.signSessionCookie(
        { sid, sec: 'a secret', exp: Math.floor(Date.now() / 1000) + 3600 },
        signingKey,
      );
      await expect(sessions.resolveSession(db, cookie, signingKey)).resolves.toBeNull();
      expect((await db.select().from(schema.sessions)).length).toBeGreaterThan(0);
    },
  );

  it('sees a change made in the database by any writer at the next request (no cache)', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(1000)),
    ).resolves.toMatchObject({ account: { role: 'supervisor' } });
    await db
      .update(schema.staffAccounts)
      .set({ role: 'admin' })
      .where(eq(schema.staffAccounts.id, accountId));
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(1100)),
    ).resolves.toMatchObject({ account: { role: 'admin' } });
    await db
      .update(schema.sessions)
      .set({ revokedAt: at(1200), revokedReason: 'elsewhere' })
      .where(eq(schema.sessions.id, sessionId));
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(1300)),
    ).resolves.toBeNull();
    await db
      .update(schema.staffAccounts)
      .set({ role: 'supervisor' })
      .where(eq(schema.staffAccounts.id, accountId));
  });

  it('refuses a session of a disabled account at once, and after it is enabled again', async () => {
    const owner = await accounts.createAccount(db, {
      loginId: 'soon.disabled',
      displayName: 'Soon Disabled',
      password: 'a password for sessions',
      role: 'clerk',
    });
    const { cookieValue } = await sessions.createSession(db, owner.id, signingKey);
    await expect(sessions.resolveSession(db, cookieValue, signingKey)).resolves.not.toBeNull();
    await accounts.disableAccount(db, 'soon.disabled');
    await expect(sessions.resolveSession(db, cookieValue, signingKey)).resolves.toBeNull();
    await accounts.enableAccount(db, 'soon.disabled');
    await expect(sessions.resolveSession(db, cookieValue, signingKey)).resolves.toBeNull();
  });
});
