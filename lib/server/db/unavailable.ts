import 'server-only';
// Whether a failure says the database cannot be reached now (down, restarting, refusing
// connections), as opposed to a query that is wrong: the first is 503 `unavailable`, retryable
// (contract §15), the second stays 500 `internal`. Only the database's own failures count: a
// socket error of PubNub's (a token grant, a history read) is no database outage. Drizzle wraps
// the driver's error in `cause`; opening the database is wrapped in `DatabaseUnreachable`.
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** Opening the database (connecting, migrating) failed: what follows is its cause. */
export class DatabaseUnreachable extends Error {
  constructor(cause: unknown) {
    super('The database could not be opened', { cause });
    this.name = 'DatabaseUnreachable';
  }
}

/** Node's socket errors on the way to the server. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is not taking work: class 08 (connection exception),
 * 57P01-57P03 (shut down, crashed, not accepting connections yet), 53300 (too many connections).
 */
const unavailableStates = /^(08...|57P0[123]|53300)$/;

/** The `pg` pool's own words when it cannot get or keep a connection. */
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current);) {
    seen.add(current);
    yield current;
    // Several addresses tried (IPv4 and IPv6): Node throws an AggregateError of each failure.
    if (current instanceof AggregateError) for (const inner of current.errors) yield inner;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether PostgreSQL answered with this SQLSTATE, wherever Drizzle or `pg` wrapped it. */
export function hasSqlState(error: unknown, state: string): boolean {
  for (const cause of causes(error)) {
    if (typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === state)
      return true;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let fromDatabase = false;
  for (const cause of causes(error)) {
    if (cause instanceof DatabaseUnreachable || cause instanceof DrizzleQueryError)
      fromDatabase = true;
    if (typeof cause !== 'object' || cause === null) continue;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    // PostgreSQL's own states and the `pg` pool's own words say it wherever they come from.
    if (typeof code === 'string' && unavailableStates.test(code)) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
    if (fromDatabase && typeof code === 'string' && networkCodes.has(code)) return true;
  }
  return false;
}
