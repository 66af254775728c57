// The simulator's side of the console's platform ingests (POST /api/platform/agreements for sold
// lots, POST /api/platform/lots for the catalogue): items are queued, sent in batches with the
// platform's bearer token, and kept and retried with backoff while the console is unreachable,
// busy or refusing the token. A batch refused for its size, for an invalid item or for a conflict
// is cut in halves (ingest-outcome.ts) until only the refused item is dropped. Both ingests are
// idempotent upserts, so a batch sent again after a lost answer never stores an item twice.
// One sender for every kind of item: agreement-ingest.ts and lot-ingest.ts only name theirs.
import {
  answerOutcome,
  failureOutcome,
  halves,
  refusalHints,
  retryDelay,
  type Outcome,
} from './ingest-outcome.ts';

type Log = Pick<Console, 'info' | 'warn' | 'error'>;

/** What one ingest sends and how its log lines name it. */
export interface IngestKind<Item> {
  /** The console's path, such as /api/platform/agreements. */
  path: string;
  /** The start of its log lines, such as "agreement ingest". */
  name: string;
  /** One item and several, as log lines say them: "agreement", "agreements". */
  singular: string;
  plural: string;
  /** Names one item in a log line, such as its platformId. */
  describe: (item: Item) => string;
  /** Items per request: the most the console takes in one call. */
  batchSize: number;
}

export interface IngestOptions<Item> {
  /** The console's origin, such as http://localhost:3000. */
  consoleUrl: string;
  /** PLATFORM_TOKEN, sent as `Authorization: Bearer`. */
  token: string;
  /** Items per request, at most what the console takes (the kind's batchSize). */
  batchSize?: number;
  /** Items kept while the console cannot take them; the oldest go first beyond this. */
  maxPending?: number;
  /** How long the first item waits for others to share its request. */
  batchDelayMs?: number;
  /**
   * Retry delays: doubling from `retryDelayMs` up to `maxRetryDelayMs`; a refused token waits
   * `maxRetryDelayMs` at once.
   */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  requestTimeoutMs?: number;
  /** Each batch the console accepted (2xx), once, in the order they were accepted. */
  onDelivered?: (items: Item[]) => void;
  log?: Log;
}

type Refused = Extract<Outcome, { kind: 'refused' }>;

export function createPlatformIngest<Item>(
  kind: IngestKind<Item>,
  {
    consoleUrl,
    token,
    batchSize = kind.batchSize,
    maxPending = 1_000,
    batchDelayMs = 1_000,
    retryDelayMs = 1_000,
    maxRetryDelayMs = 60_000,
    requestTimeoutMs = 10_000,
    onDelivered,
    log = console,
  }: IngestOptions<Item>,
) {
  const endpoint = `${consoleUrl.replace(/\/+$/, '')}${kind.path}`;
  const prefix = `gavel: ${kind.name}:`;
  const { plural } = kind;
  /**
   * Batches already cut, sent as they are before any new item: the halves of a refused batch, or
   * a batch kept after a failed attempt. Their items are older than `pending`'s.
   */
  const formed: Item[][] = [];
  const pending: Item[] = [];
  let sending: Item[] = [];
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
        `${prefix} ${maxPending} ${plural} already wait for the console; dropping the oldest from now on`,
      );
    dropped += excess;
    while (excess > 0 && formed.length > 0) {
      const oldest = formed[0]!;
      excess -= oldest.splice(0, excess).length;
      if (oldest.length === 0) formed.shift();
    }
    pending.splice(0, excess);
  }

  async function post(batch: Item[]): Promise<Outcome> {
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
        log.warn(`${prefix} ${outcome.reason}; keeping ${waiting()} ${plural} and retrying`);
      return;
    }
    if (tokenRefused) return;
    tokenRefused = true;
    // Kept, not dropped: ops may fix the token on the console's side, and then they all go in.
    log.error(
      `${prefix} ${endpoint} answered ${outcome.message}; PLATFORM_TOKEN differs from the console’s: keeping ${waiting()} ${plural} and trying again every ${maxRetryDelayMs / 1000} s`,
    );
  }

  function reportRefusal(batch: Item[], { status, message }: Refused) {
    const what =
      batch.length === 1
        ? `${kind.singular} ${kind.describe(batch[0]!)}`
        : `${batch.length} ${plural}`;
    const hint = refusalHints[status] ?? 'the console refused the request';
    log.error(`${prefix} dropped ${what}: ${endpoint} answered ${message}; ${hint}`);
  }

  function delivered(batch: Item[]) {
    try {
      onDelivered?.(batch);
    } catch (error) {
      // The listener is the caller's; its failure must not make the sender send the batch again.
      log.error(`${prefix} the delivery listener failed: ${String(error)}`);
    }
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
        const loss = dropped > 0 ? `; ${dropped} older ${plural} were dropped meanwhile` : '';
        log.info(`${prefix} the console takes ${plural} again${loss}`);
      }
      failures = 0;
      dropped = 0;
      tokenRefused = false;
      if (outcome.kind === 'delivered') delivered(batch);
      else if (outcome.kind === 'split') formed.unshift(...halves(batch));
      else reportRefusal(batch, outcome);
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
    /** Queues an item; never throws. */
    add(item: Item) {
      if (stopped) return;
      pending.push(item);
      enforceBound();
      // A full batch goes at once, unless the console is failing: then the backoff decides.
      if (pending.length >= batchSize && failures === 0 && !draining) void run();
      else schedule(batchDelayMs);
    },
    /** Sends what waits now, without waiting for the batch delay or a retry's backoff. */
    flush(): Promise<void> {
      return run();
    },
    /** Items not yet accepted by the console, including a batch on its way. */
    get pendingCount() {
      return waiting() + sending.length;
    },
    /** Clears the timers and cancels a request on its way; later items are ignored. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      inFlight?.abort();
    },
  };
}

export type PlatformIngest<Item> = ReturnType<typeof createPlatformIngest<Item>>;
