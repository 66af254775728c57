/** @jest-environment node */
// Sessions and what the database stores, with explicit clocks, on a real in-memory PGlite database.
import '@/testing/server/memory-database-env';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';

type Sessions = typeof import('./sessions');
type Accounts = typeof import('./accounts');
type SessionCookie = typeof import('./session-cookie');
type Connection = typeof import('@/lib/server/db/connection');
type Schema = typeof import('@/lib/server/db/schema');
type SessionLookup = typeof import('./session-lookup');

const signingKey = 'x'.repeat(48);
const minute = 60 * 1000;
const hour = 60 * minute;

let sessions: Sessions;
let accounts: Accounts;
let sessionCookie: SessionCookie;
let connection: Connection;
let schema: Schema;
let sessionLookup: SessionLookup;
let db: Database;
let accountId: string;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  schema = await import('@/lib/server/db/schema');
  sessions = await import('./sessions');
  accounts = await import('./accounts');
  sessionCookie = await import('./session-cookie');
  sessionLookup = await import('./session-lookup');
  db = await connection.database();
  accountId = (
    await accounts.createAccount(db, {
      loginId: '  Session.Owner ',
      displayName: ' Session Owner ',
      password: 'a password for sessions',
      role: 'supervisor',
    })
  ).id;
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

function claimsOf(cookie: string): { sid: string; sec: string; exp: number } {
  return JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8'));
}

async function sessionRow(id: string) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return row!;
}

// The cookie's JWT carries a real-time `iat`, so every clock starts at the real now.
const newSession = async () => {
  const t0 = new Date();
  const created = await sessions.createSession(db, accountId, signingKey, t0);
  const at = (ms: number) => new Date(t0.getTime() + ms);
  return { ...created, t0, at };
};

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

describe('resolveSession refusals', () => {
  it('refuses a revoked session', async () => {
    const { cookieValue, sessionId, at } = await newSession();
    await sessions.revokeSession(db, sessionId, 'sign-out', at(1000));
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(2000)),
    ).resolves.toBeNull();
    expect((await sessionRow(sessionId)).revokedReason).toBe('sign-out');
  });

  it('keeps the first revocation', async () => {
    const { sessionId, at } = await newSession();
    await sessions.revokeSession(db, sessionId, 'sign-out', at(1000));
    await sessions.revokeSession(db, sessionId, 'idle-timeout', at(5000));
    expect(await sessionRow(sessionId)).toMatchObject({
      revokedReason: 'sign-out',
      revokedAt: at(1000),
    });
  });

  it.each<[string, (cookie: string) => Promise<string | undefined>]>([
    ['no cookie', async () => undefined],
    ['an empty cookie', async () => ''],
    ['garbage', async () => 'garbage'],
    ['a cookie over 2 KiB', async (cookie) => `${cookie}${'a'.repeat(2048)}`],
    [
      // The signature's last character carries two bits the decoder drops: flipping one of them
      // spells the same signature another way, which is a different cookie all the same.
      'the same signature spelled another way (a dropped bit of its last character flipped)',
      async (cookie) => {
        const last = cookie.at(-1)!;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const respelled = `${cookie.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
        expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(
          Buffer.from(cookie.split('.')[2]!, 'base64url'),
        );
        return respelled;
      },
    ],
    [
      'the same claims signed with another key',
      async (cookie) => sessionCookie.signSessionCookie(claimsOf(cookie), 'y'.repeat(48)),
    ],
    [
      'the right session id with another secret',
      async (cookie) =>
        sessionCookie.signSessionCookie(
          { ...claimsOf(cookie), sec: Buffer.alloc(32, 1).toString('base64url') },
          signingKey,
        ),
    ],
    [
      'the secret hash instead of the secret',
      async (cookie) => {
        const claims = claimsOf(cookie);
        const hash = createHash('sha256').update(claims.sec).digest('hex');
        return sessionCookie.signSessionCookie({ ...claims, sec: hash }, signingKey);
      },
    ],
  ])('refuses %s', async (_name, forge) => {
    const { cookieValue, at } = await newSession();
    const forged = await forge(cookieValue);
    await expect(sessions.resolveSession(db, forged, signingKey, at(1000))).resolves.toBeNull();
    // The genuine cookie still works: the forgery changed nothing.
    await expect(
      sessions.resolveSession(db, cookieValue, signingKey, at(2000)),
    ).resolves.not.toBeNull();
  });
});

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

describe('storage facts', () => {
  it('1,000 sessions have 1,000 unique ids and secrets; the table holds neither cookie nor secret', async () => {
    const created = [];
    for (let batch = 0; batch < 10; batch++) {
      created.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, () => sessions.createSession(db, accountId, signingKey)),
        )),
      );
    }
    expect(created).toHaveLength(1000);
    const ids = new Set(created.map((session) => session.sessionId));
    const cookies = new Set(created.map((session) => session.cookieValue));
    const secrets = new Set(created.map((session) => claimsOf(session.cookieValue).sec));
    expect(ids.size).toBe(1000);
    expect(cookies.size).toBe(1000);
    expect(secrets.size).toBe(1000);
    // 256-bit secrets.
    for (const secret of secrets) expect(Buffer.from(secret, 'base64url')).toHaveLength(32);

    const rows = await db.select().from(schema.sessions);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const stored = JSON.stringify(rows);
    const leaks: string[] = [];
    for (const session of created) {
      const { sec } = claimsOf(session.cookieValue);
      if (stored.includes(session.cookieValue)) leaks.push(`cookie of ${session.sessionId}`);
      if (stored.includes(sec)) leaks.push(`secret of ${session.sessionId}`);
      // Only the SHA-256 of the secret is kept.
      const row = byId.get(session.sessionId);
      expect(row?.secretHash).toBe(createHash('sha256').update(sec).digest('hex'));
    }
    expect(leaks).toEqual([]);
  });

  it('stores the password as an argon2id hash with m=47104, t=1, p=1', async () => {
    const [row] = await db
      .select()
      .from(schema.staffAccounts)
      .where(eq(schema.staffAccounts.id, accountId));
    expect(row!.loginId).toBe('session.owner');
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).toContain('m=47104,t=1,p=1');
    expect(row!.passwordHash).not.toContain('a password for sessions');
  });
});
