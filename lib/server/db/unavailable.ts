import 'server-only';
// Whether a failure says the database cannot be reached now (down, restarting, refusing
// connections), as opposed to a query that is wrong: the first is 503 `unavailable`, retryable
// (contract §15), the second stays 500 `internal`. Drizzle wraps the driver's error in `cause`.

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

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (typeof cause !== 'object' || cause === null) continue;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.test(code)))
      return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
  }
  return false;
}
