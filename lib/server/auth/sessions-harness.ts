import 'server-only';
// Shared by the sessions' tests: sessions and what the database stores, with explicit clocks, on a
// real in-memory PGlite database (one per test file).
import '@/testing/server/memory-database-env';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/database';

type Sessions = typeof import('./sessions');
type Accounts = typeof import('./accounts');
type SessionCookie = typeof import('./session-cookie');
type Connection = typeof import('@/lib/server/db/connection');
type Schema = typeof import('@/lib/server/db/schema');
type SessionLookup = typeof import('./session-lookup');

export const signingKey = 'x'.repeat(48);
export const minute = 60 * 1000;
export const hour = 60 * minute;

export let sessions: Sessions;
export let accounts: Accounts;
export let sessionCookie: SessionCookie;
let connection: Connection;
export let schema: Schema;
export let sessionLookup: SessionLookup;
export let db: Database;
export let accountId: string;

/**
 * A fresh in-memory database with one supervisor's account, for the test file (registers its
 * hooks): call at the top level of the file. The bindings above are set once it has started.
 */
export function sessionsTestDatabase() {
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
}

export function claimsOf(cookie: string): { sid: string; sec: string; exp: number } {
  return JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8'));
}

export async function sessionRow(id: string) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return row!;
}

// The cookie's JWT carries a real-time `iat`, so every clock starts at the real now.
export const newSession = async () => {
  const t0 = new Date();
  const created = await sessions.createSession(db, accountId, signingKey, t0);
  const at = (ms: number) => new Date(t0.getTime() + ms);
  return { ...created, t0, at };
};
