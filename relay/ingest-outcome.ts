// What one attempt at a console ingest means for its batch, and how long to wait after it: plain
// functions, no I/O. The console takes a bounded batch of at most 64 KiB a request (else 413), and
// refuses the whole batch for one invalid item (400) or for one item that conflicts with what it
// holds (409, such as a lot number another lot of the sale keeps); so a refused batch of several
// is cut in halves until the refused item is alone, and only it is dropped.

export type Outcome =
  | { kind: 'delivered' }
  /** The console is away or busy: the same batch later. */
  | { kind: 'retry'; reason: string; retryAfterMs: number }
  /** The token: the items are fine, so they wait for ops to fix it on either side. */
  | { kind: 'unauthorized'; message: string }
  /** Too large, or one item in it is invalid or conflicting: each half on its own. */
  | { kind: 'split'; status: number; message: string }
  /** For good: sending it again would be refused again. */
  | { kind: 'refused'; status: number; message: string };

/** What to check when the console refuses a single item, or a batch for another reason. */
export const refusalHints: Record<number, string> = {
  400: 'the console finds it invalid',
  409: 'it conflicts with what the console holds',
  413: 'it alone exceeds the console’s body limit',
};

/** Statuses that refuse a whole batch for what may be one of its items. */
const splitStatuses = new Set([400, 409, 413]);

/** Retry-After in seconds, as the console's 429 sends it; 0 when absent or a date. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The console's `{error:{code,message}}`, or the start of whatever else it answered. */
function errorMessage(body: string): string {
  let text = body;
  try {
    const { error } = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (error?.message) text = `${error.code ?? 'error'}: ${error.message}`;
  } catch {
    // Not JSON: a proxy's or a server's own page; its first characters say enough.
  }
  // One line in the relay's log, whatever the console said.
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'no message';
}

export interface Answer {
  status: number;
  body: string;
  retryAfter: string | null;
}

export function answerOutcome({ status, body, retryAfter }: Answer, batchLength: number): Outcome {
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  const message = `${status} (${errorMessage(body)})`;
  if (status >= 500 || status === 429 || status === 408)
    return {
      kind: 'retry',
      reason: `the console answered ${message}`,
      retryAfterMs: retryAfterMs(retryAfter),
    };
  if (status === 401) return { kind: 'unauthorized', message };
  if (splitStatuses.has(status) && batchLength > 1) return { kind: 'split', status, message };
  return { kind: 'refused', status, message };
}

/** No answer at all: refused connection, DNS, timeout. */
export function failureOutcome(error: unknown): Outcome {
  const name = (error as { name?: string }).name;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason =
    name === 'TimeoutError'
      ? 'the console did not answer in time'
      : `the console is unreachable (${cause?.code ?? cause?.message ?? String(error)})`;
  return { kind: 'retry', reason, retryAfterMs: 0 };
}

/** The first half takes the extra one of an odd batch; neither is empty for 2 or more. */
export function halves<T>(batch: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(batch.length / 2);
  return [batch.slice(0, middle), batch.slice(middle)];
}

export interface Backoff {
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/**
 * The wait after the `failures`-th failed attempt in a row: doubling from `retryDelayMs` up to
 * `maxRetryDelayMs`, or longer if the console asks; a refused token waits the longest at once,
 * since only a person can fix it.
 */
export function retryDelay(
  outcome: Extract<Outcome, { kind: 'retry' | 'unauthorized' }>,
  failures: number,
  { retryDelayMs, maxRetryDelayMs }: Backoff,
): number {
  if (outcome.kind === 'unauthorized') return maxRetryDelayMs;
  const backoff = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (failures - 1));
  return Math.max(backoff, outcome.retryAfterMs);
}
