import 'server-only';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Role } from '@/lib/auth/roles';
import type { Database } from '@/lib/server/db/database';
import { sessions, staffAccounts } from '@/lib/server/db/schema';

/** What every authenticated request reads: the session and its account, nothing more. */
export interface SessionRow {
  sessionId: string;
  secretHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  accountId: string;
  loginId: string;
  displayName: string;
  role: Role;
  disabledAt: Date | null;
  mustChangePassword: boolean;
  /** When the password was last entered for the session; null for sessions older than §15. */
  authenticatedAt: Date | null;
  createdAt: Date;
}

const statementName = 'gavel_session_lookup';

/** Session ids are UUIDs (createSession); anything else names no session. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isSessionId = (value: string) => uuidPattern.test(value);

/**
 * The Drizzle query, prepared once per database: built once instead of per request, and on
 * PostgreSQL a named prepared statement of each pooled connection.
 */
function prepareWithDrizzle(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      secretHash: sessions.secretHash,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      accountId: staffAccounts.id,
      loginId: staffAccounts.loginId,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
      mustChangePassword: staffAccounts.mustChangePassword,
      authenticatedAt: sessions.authenticatedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(staffAccounts, eq(sessions.accountId, staffAccounts.id))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare(statementName);
}

const drizzleLookups = new WeakMap<Database, ReturnType<typeof prepareWithDrizzle>>();

export async function lookUpWithDrizzle(db: Database, sessionId: string) {
  let lookup = drizzleLookups.get(db);
  if (!lookup) drizzleLookups.set(db, (lookup = prepareWithDrizzle(db)));
  const [row] = await lookup.execute({ sessionId });
  return row ?? null;
}

// The same query as the Drizzle one above (sessions.lookup.test.ts compares their rows), as a
// server-side prepared statement of the embedded database.
const pgliteQuery = `select s.id as "sessionId", s.secret_hash as "secretHash", s.last_seen_at as "lastSeenAt",
    s.expires_at as "expiresAt", s.revoked_at as "revokedAt", a.id as "accountId",
    a.login_id as "loginId", a.display_name as "displayName", a.role, a.disabled_at as "disabledAt",
    a.must_change_password as "mustChangePassword", s.authenticated_at as "authenticatedAt",
    s.created_at as "createdAt"
  from sessions s join staff_accounts a on a.id = s.account_id
  where s.id = $1 limit 1`;
// Named after its text, so a changed query never runs under an old statement of the same name
// (in development the database outlives a reload of this module).
const pgliteStatementName = `${statementName}_${createHash('sha256').update(pgliteQuery).digest('hex').slice(0, 12)}`;

// Each route's server bundle has its own copy of this module while they share one PGlite (the
// connection lives on globalThis): the statement is prepared once per client, whichever copy
// asks first, and a copy that finds it prepared already treats that as done.
const preparedMark = Symbol.for('gavel.sessionLookupPrepared');
const duplicatePreparedStatement = '42P05';

function prepareOnce(client: PGlite): Promise<unknown> {
  const holder = client as PGlite & { [preparedMark]?: Promise<unknown> };
  if (!holder[preparedMark]) {
    const prepared = client
      .exec(`prepare ${pgliteStatementName}(uuid) as ${pgliteQuery}`)
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === duplicatePreparedStatement) return;
        holder[preparedMark] = undefined;
        throw error;
      });
    holder[preparedMark] = prepared;
  }
  return holder[preparedMark];
}

/**
 * On PGlite a query through the extended protocol (what Drizzle sends) is six calls into the WASM
 * engine and a fresh plan, about 0.8 ms of the event loop per request under the bench
 * (docs/adr/0016-session-lookup-cost.md); `EXECUTE` of a prepared statement over the simple
 * protocol is two calls and reuses the plan, about a third of that. `EXECUTE` takes no bind
 * parameters, so the id goes in as a literal: only after `isSessionId` proved it a UUID, which
 * leaves no character that could end the literal.
 */
export async function lookUpWithPglite(client: PGlite, sessionId: string) {
  if (!isSessionId(sessionId)) throw new Error('A session id must be a UUID');
  const statement = `execute ${pgliteStatementName}($1)`;
  try {
    await prepareOnce(client);
    const [result] = await client.exec(statement.replace('$1', `'${sessionId}'`));
    return (result?.rows[0] as SessionRow | undefined) ?? null;
  } catch (error) {
    // PGlite's own error carries the statement, the session id in it: wrapped as Drizzle wraps
    // its failures, so the API's error handler logs and reports a summary without either
    // (lib/server/api/error-summary.ts).
    throw new DrizzleQueryError(statement, [sessionId], error instanceof Error ? error : undefined);
  }
}

/** The session `sessionId` names with its account, or null; null too for an id that is no UUID. */
export function lookUpSession(db: Database, sessionId: string): Promise<SessionRow | null> {
  if (!isSessionId(sessionId)) return Promise.resolve(null);
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite
    ? lookUpWithPglite(client, sessionId)
    : lookUpWithDrizzle(db, sessionId);
}
