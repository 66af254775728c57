/** @jest-environment node */
// Sessions' lifetimes, with explicit clocks, on a real in-memory PGlite database: 12 hours at most,
// 30 minutes idle, the idle clock slid by each use.
import {
  accountId,
  claimsOf,
  db,
  hour,
  minute,
  newSession,
  sessionCookie,
  sessionRow,
  sessions,
  signingKey,
  sessionsTestDatabase,
} from './sessions-harness';

sessionsTestDatabase();

describe('createSession', () => {
  it('expires 12 hours after creation, in the row and in the signed cookie', async () => {
    const { sessionId, cookieValue, expiresAt, t0 } = await newSession();
    expect(expiresAt.getTime()).toBe(t0.getTime() + 12 * hour);
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({
      accountId,
      createdAt: t0,
      lastSeenAt: t0,
      expiresAt,
      revokedAt: null,
      revokedReason: null,
    });
    expect(claimsOf(cookieValue)).toMatchObject({
      sid: sessionId,
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  });

  it('resolves to the account, with its normalized login id and its role', async () => {
    const { cookieValue, sessionId, expiresAt, at } = await newSession();
    await expect(sessions.resolveSession(db, cookieValue, signingKey, at(1000))).resolves.toEqual({
      sessionId,
      expiresAt,
      // The password was entered when the session was created (sign-in).
      authenticatedAt: at(0),
      account: {
        id: accountId,
        loginId: 'session.owner',
        displayName: 'Session Owner',
        role: 'supervisor',
        mustChangePassword: false,
      },
    });
  });
});

describe('resolveSession idle timeout (30 minutes)', () => {
  it.each<[string, boolean, number]>([
    ['1 minute', true, 1 * minute],
    ['29 minutes', true, 29 * minute],
    ['29 min 59 s', true, 30 * minute - 1000],
    ['31 minutes', false, 31 * minute],
    ['2 hours', false, 2 * hour],
  ])('first use %s after creation -> active: %p', async (_name, active, after) => {
    const { cookieValue, sessionId, at } = await newSession();
    const session = await sessions.resolveSession(db, cookieValue, signingKey, at(after));
    expect(session?.sessionId ?? null).toBe(active ? sessionId : null);
  });

  it('revokes an idle session in the database, for good', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(31 * minute)),
    ).resolves.toBeNull();
    const row = await sessionRow(sessionId);
    expect(row.revokedReason).toBe('idle-timeout');
    expect(row.revokedAt).toEqual(at(31 * minute));
    // Not even a clock that went back revives it.
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(1 * minute)),
    ).resolves.toBeNull();
  });

  it('slides: a use at 29 minutes keeps it alive until 29 + 29 minutes, then 31 idle minutes end it', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    const resolveAt = (ms: number) => sessions.resolveSession(db, cookieValue, signingKey, at(ms));
    expect((await resolveAt(29 * minute))?.sessionId).toBe(sessionId);
    expect((await sessionRow(sessionId)).lastSeenAt).toEqual(at(29 * minute));
    expect((await resolveAt(58 * minute))?.sessionId).toBe(sessionId);
    expect((await resolveAt(87 * minute))?.sessionId).toBe(sessionId);
    await expect(resolveAt(118 * minute)).resolves.toBeNull();
  });

  it('writes the slide at most once a minute', async () => {
    const { cookieValue, sessionId, t0, at } = await newSession();
    await sessions.resolveSession(db, cookieValue, signingKey, at(30 * 1000));
    expect((await sessionRow(sessionId)).lastSeenAt).toEqual(t0);
    await sessions.resolveSession(db, cookieValue, signingKey, at(61 * 1000));
    expect((await sessionRow(sessionId)).lastSeenAt).toEqual(at(61 * 1000));
  });
});

describe('resolveSession absolute timeout (12 hours)', () => {
  it('ends at 12 h + 1 s even with activity every 25 minutes', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    const resolveAt = (ms: number) => sessions.resolveSession(db, cookieValue, signingKey, at(ms));
    const uses: Array<string | null> = [];
    for (let t = 25 * minute; t < 12 * hour; t += 25 * minute) {
      uses.push((await resolveAt(t))?.sessionId ?? null);
    }
    expect(uses).toHaveLength(28);
    expect(uses.every((id) => id === sessionId)).toBe(true);
    expect((await resolveAt(12 * hour - 1000))?.sessionId).toBe(sessionId);
    await expect(resolveAt(12 * hour + 1000)).resolves.toBeNull();
  });

  it('refuses a cookie re-signed with a later expiry: the row keeps the 12 hours', async () => {
    const { cookieValue, at } = await newSession();
    const claims = claimsOf(cookieValue);
    const stretched = await sessionCookie.signSessionCookie(
      { ...claims, exp: claims.exp + 24 * 3600 },
      signingKey,
    );
    await expect(
      sessions.resolveSession(db, stretched, signingKey, at(12 * hour + 1000)),
    ).resolves.toBeNull();
  });
});
