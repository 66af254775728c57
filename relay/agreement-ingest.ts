// The simulator's side of the console's ingest (POST /api/platform/agreements, docs/product-contract.md §5.3): sold lots
// are queued, sent in batches with the platform's bearer token, and kept and retried with backoff
// while the console is unreachable, busy or refusing the token. A batch refused for its size or
// for an invalid agreement is cut in halves (ingest-outcome.ts) until only the refused agreement
// is dropped. The console is idempotent on platformId, so a batch sent again after a lost answer
// never creates an agreement twice.
import type { IngestItem } from '../lib/server/agreements/agreement-input.ts';
import {
  answerOutcome,
  failureOutcome,
  halves,
  refusalHints,
  retryDelay,
  type Outcome,
} from './ingest-outcome.ts';

/** One item of the ingest body: the console's own type (a type import, erased at run time). */
export type PlatformAgreement = IngestItem;

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
  /**
   * Retry delays: doubling from `retryDelayMs` up to `maxRetryDelayMs`; a refused token waits
   * `maxRetryDelayMs` at once.
   */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  requestTimeoutMs?: number;
  log?: Log;
}

type Refused = Extract<Outcome, { kind: 'refused' }>;

const prefix = 'gavel: agreement ingest:';

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
  /**
   * Batches already cut, sent as they are before any new agreement: the halves of a refused
   * batch, or a batch kept after a failed attempt. Their agreements are older than `pending`'s.
   */
  const formed: PlatformAgreement[][] = [];
  const pending: PlatformAgreement[] = [];
  let sending: PlatformAgreement[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let draining: Promise<void> | null = null;
  let inFlight: AbortController | null = null;
  let failures = 0;
  /** Dropped for the bound since the console last took a batch: warned once, counted at the end. */
  let dropped = 0;
  /** The console refused the token since it last took a batch: said once. */
  let tokenRefused = false;
  let stopped = false;

  const waiting = () => formed.reduce((count, batch) => count + batch.length, pending.length);

  /** Keeps the newest `maxPending`: a console away for hours must not take the relay's memory. */
  function enforceBound() {
    let excess = waiting() - maxPending;
    if (excess <= 0) return;
    if (dropped === 0)
      log.warn(
        `${prefix} ${maxPending} agreements already wait for the console; dropping the oldest from now on`,
      );
    dropped += excess;
    while (excess > 0 && formed.length > 0) {
      const oldest = formed[0]!;
      excess -= oldest.splice(0, excess).length;
      if (oldest.length === 0) formed.shift();
    }
    pending.splice(0, excess);
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
      const retryAfter = response.headers.get('retry-after');
      return answerOutcome({ status: response.status, body, retryAfter }, batch.length);
    } catch (error) {
      return failureOutcome(error);
    } finally {
      inFlight = null;
    }
  }

  function reportFailure(outcome: Extract<Outcome, { kind: 'retry' | 'unauthorized' }>) {
    if (outcome.kind === 'retry') {
      if (failures === 1)
        log.warn(`${prefix} ${outcome.reason}; keeping ${waiting()} agreements and retrying`);
      return;
    }
    if (tokenRefused) return;
    tokenRefused = true;
    // Kept, not dropped: ops may fix the token on the console's side, and then they all go in.
    log.error(
      `${prefix} ${endpoint} answered ${outcome.message}; PLATFORM_TOKEN differs from the console’s: keeping ${waiting()} agreements and trying again every ${maxRetryDelayMs / 1000} s`,
    );
  }

  function reportRefusal(batch: PlatformAgreement[], { status, message }: Refused) {
    const what =
      batch.length === 1 ? `agreement ${batch[0]!.platformId}` : `${batch.length} agreements`;
    const hint = refusalHints[status] ?? 'the console refused the request';
    log.error(`${prefix} dropped ${what}: ${endpoint} answered ${message}; ${hint}`);
  }

  /** Sends batches until none is left or one must wait; returns the wait, or null. */
  async function drain(): Promise<number | null> {
    while (!stopped && (formed.length > 0 || pending.length > 0)) {
      const batch = formed.shift() ?? pending.splice(0, batchSize);
      sending = batch;
      const outcome = await post(batch);
      sending = [];
      if (outcome.kind === 'retry' || outcome.kind === 'unauthorized') {
        formed.unshift(batch);
        if (stopped) return null;
        enforceBound();
        failures += 1;
        reportFailure(outcome);
        return retryDelay(outcome, failures, { retryDelayMs, maxRetryDelayMs });
      }
      if (failures > 0 || dropped > 0) {
        const loss = dropped > 0 ? `; ${dropped} older agreements were dropped meanwhile` : '';
        log.info(`${prefix} the console takes agreements again${loss}`);
      }
      failures = 0;
      dropped = 0;
      tokenRefused = false;
      if (outcome.kind === 'split') formed.unshift(...halves(batch));
      else if (outcome.kind === 'refused') reportRefusal(batch, outcome);
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
        else if (waiting() > 0) schedule(batchDelayMs);
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
      return waiting() + sending.length;
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
