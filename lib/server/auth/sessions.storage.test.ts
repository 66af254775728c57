/** @jest-environment node */
// What the database stores of sessions and accounts, on a real in-memory PGlite database: never a
// cookie nor a secret, only its hash; the password as an argon2id hash.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  accountId,
  claimsOf,
  db,
  schema,
  sessions,
  signingKey,
  sessionsTestDatabase,
} from './sessions-harness';

sessionsTestDatabase();

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
