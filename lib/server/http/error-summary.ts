import 'server-only';
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** Quoted values in a driver's message (`invalid input syntax for type uuid: "…"`) may be data. */
const quoted = /"[^"]*"|'[^']*'/g;

/**
 * A failed query's error names its SQL and every parameter (session ids, login ids, reasons). The
 * error to log and report instead: what failed and the driver's reason with quoted values
 * withheld, and where it was thrown. Any other error is returned as it is.
 */
export function withoutQueryDetails(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const reason = cause instanceof Error ? cause.message.replace(quoted, '"…"') : 'unknown reason';
  const summary = new Error(
    `A database query failed: ${reason}${typeof code === 'string' ? ` (${code})` : ''}`,
  );
  summary.name = 'DatabaseQueryError';
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '));
  summary.stack = [`${summary.name}: ${summary.message}`, ...(frames ?? [])].join('\n');
  return summary;
}
