// The simulator's side of the console's ingest (POST /api/platform/agreements, SPEC 5): sold lots
// are queued, sent in batches with the platform's bearer token, and kept and retried with backoff
// while the console is unreachable or busy. The console is idempotent on platformId, so a batch
// sent again after a lost answer never creates an agreement twice.

/** One item of the ingest body; `amount` in minor units, `closedAt` ISO 8601. */
export interface PlatformAgreement {
  platformId: string;
  auctionId: string;
  lotId: string;
  lotTitle: string;
  buyer: string;
  amount: number;
  currency: string;
  closedAt: string;
}

type Log = Pick<Console, 'info' | 'warn' | 'error'>;

export interface AgreementIngestOptions {
  /** The console's origin, such as http://localhost:3000. */
  consoleUrl: string;
  /** PLATFORM_TOKEN, sent as `Authorization: Bearer`. */
  token: string;
  /** Agreements per request; the console takes 1 to 100. */
  batchSize?: number;
  /** Agreements kept while the console cannot take them; the oldest go first beyond this. */
  maxPending?: number;
  /** How long the first agreement waits for others to share its request. */
  batchDelayMs?: number;
  /** Retry delays: doubling from `retryDelayMs` up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  requestTimeoutMs?: number;
  log?: Log;
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'retry'; reason: string; retryAfterMs: number };

const prefix = 'gavel: agreement ingest:';

/** What to check when the console refuses a batch for good. */
const refusalHints: Record<number, string> = {
  400: 'the console rejected the agreements',
  401: 'PLATFORM_TOKEN differs from the console’s',
  413: 'the request was too large for the console',
};

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

function failureReason(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError') return `the console did not answer in time`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `the console is unreachable (${cause?.code ?? cause?.message ?? String(error)})`;
}

export function createAgreementIngest({
  consoleUrl,
  token,
  batchSize = 100,
  maxPending = 1_000,
  batchDelayMs = 1_000,
  retryDelayMs = 1_000,
  maxRetryDelayMs = 60_000,
  requestTimeoutMs = 10_000,
  log = console,
}: AgreementIngestOptions) {
  const endpoint = `${consoleUrl.replace(/\/+$/, '')}/api/platform/agreements`;
  const pending: PlatformAgreement[] = [];
  let sending: PlatformAgreement[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let draining: Promise<void> | null = null;
  let inFlight: AbortController | null = null;
  let failures = 0;
  /** Dropped for the bound since the console last took a batch: warned once, counted at the end. */
  let dropped = 0;
  let stopped = false;

  /** Keeps the newest `maxPending`: a console away for hours must not take the relay's memory. */
  function enforceBound() {
    const excess = pending.length - maxPending;
    if (excess <= 0) return;
    pending.splice(0, excess);
    if (dropped === 0)
      log.warn(
        `${prefix} ${maxPending} agreements already wait for the console; dropping the oldest from now on`,
      );
    dropped += excess;
  }

  async function post(batch: PlatformAgreement[]): Promise<Outcome> {
    inFlight = new AbortController();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: batch }),
        signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(requestTimeoutMs)]),
      });
      const body = await response.text();
      if (response.ok) return { kind: 'delivered' };
      const message = `${response.status} (${errorMessage(body)})`;
      if (response.status >= 500 || response.status === 429 || response.status === 408) {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        return { kind: 'retry', reason: `the console answered ${message}`, retryAfterMs: wait };
      }
      return { kind: 'refused', status: response.status, message };
    } catch (error) {
      return { kind: 'retry', reason: failureReason(error), retryAfterMs: 0 };
    } finally {
      inFlight = null;
    }
  }

  /** Sends batches until none is left or one must wait; returns the wait, or null. */
  async function drain(): Promise<number | null> {
    while (!stopped && pending.length > 0) {
      const batch = pending.splice(0, batchSize);
      sending = batch;
      const outcome = await post(batch);
      sending = [];
      if (outcome.kind === 'retry') {
        pending.unshift(...batch);
        if (stopped) return null;
        enforceBound();
        failures += 1;
        if (failures === 1)
          log.warn(
            `${prefix} ${outcome.reason}; keeping ${pending.length} agreements and retrying`,
          );
        const backoff = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (failures - 1));
        return Math.max(backoff, outcome.retryAfterMs);
      }
      if (failures > 0 || dropped > 0) {
        const loss = dropped > 0 ? `; ${dropped} older agreements were dropped meanwhile` : '';
        log.info(`${prefix} the console takes agreements again${loss}`);
      }
      failures = 0;
      dropped = 0;
      if (outcome.kind === 'refused') {
        // Sending the same batch again would be refused again: say why once, and move on.
        const hint = refusalHints[outcome.status] ?? 'the console refused the request';
        log.error(
          `${prefix} dropped ${batch.length} agreements: ${endpoint} answered ${outcome.message}; ${hint}`,
        );
      }
    }
    return null;
  }

  function schedule(delayMs: number) {
    if (stopped || timer || draining) return;
    timer = setTimeout(() => void run(), delayMs);
    // The relay's server keeps the process alive; a pending retry alone must not.
    timer.unref();
  }

  function run(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    draining ??= drain()
      .catch((error: unknown) => {
        // Nothing in drain should throw (a log that does?); the relay must outlive it anyway.
        log.error(`${prefix} unexpected failure, retrying: ${String(error)}`);
        return retryDelayMs;
      })
      .then((wait) => {
        draining = null;
        if (wait !== null) schedule(wait);
        else if (pending.length > 0) schedule(batchDelayMs);
      });
    return draining;
  }

  return {
    /** Queues a sold lot's agreement; never throws. */
    add(agreement: PlatformAgreement) {
      if (stopped) return;
      pending.push(agreement);
      enforceBound();
      // A full batch goes at once, unless the console is failing: then the backoff decides.
      if (pending.length >= batchSize && failures === 0 && !draining) void run();
      else schedule(batchDelayMs);
    },
    /** Sends what waits now, without waiting for the batch delay or a retry's backoff. */
    flush(): Promise<void> {
      return run();
    },
    /** Agreements not yet accepted by the console, including a batch on its way. */
    get pendingCount() {
      return pending.length + sending.length;
    },
    /** Clears the timers and cancels a request on its way; later agreements are ignored. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      inFlight?.abort();
    },
  };
}
