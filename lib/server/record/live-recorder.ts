import 'server-only';
// The long-lived server's recorder (docs/product-contract.md §13): subscribes to `bids` with the
// SDK from the record's cursor and records what it delivers, in batches, one batch at a time. At
// start, after any reconnection and every `safetyReadMs`, it first reads history from the cursor
// (catch-up.ts), so a gap in the live stream (an outage, PubNub's 100-message buffer overflowing)
// is filled from history before anything newer is recorded: the record stays in publish order.
import type PubNub from 'pubnub';
import type { Database } from '@/lib/server/db/database';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { historyPageThrough } from '@/lib/realtime/history-fetch';
import { bidsChannel } from '@/lib/realtime/realtime-config';
import { latestOf } from '@/lib/sale-desk/timetoken';
import { catchUp } from './catch-up';
import { planBatch } from './plan-batch';
import { createRecordFlags } from './record-flags';
import { writeBatch, type BatchOutcome } from './write-batch';

export interface LiveRecorderOptions {
  db: Database;
  /** A client of PubNub or the relay; the recorder subscribes with it and destroys it at stop. */
  client: PubNub;
  /** Delay before retrying after a failure (the subscription's or the database's). */
  retryMs?: number;
  /** History is read from the cursor this often, whatever the subscription says. */
  safetyReadMs?: number;
  /** Told of each batch written and each failure: logs, tests, the benchmark. */
  onBatch?: (outcome: BatchOutcome) => void;
  onError?: (error: unknown) => void;
}

export interface LiveRecorder {
  stop(): Promise<void>;
  /** Settles once everything received so far is written (tests, the benchmark). */
  idle(): Promise<void>;
}

/** Live messages written together: a transaction each, at most this many. */
const maxBatch = 2_000;

export function startLiveRecorder({
  db,
  client,
  retryMs = 2_000,
  safetyReadMs = 30_000,
  onBatch = () => undefined,
  onError = (error) => console.warn('gavel: the recorder failed, retrying:', error),
}: LiveRecorderOptions): LiveRecorder {
  const flags = createRecordFlags();
  let queue: IncomingMessage[] = [];
  let needsCatchUp = true;
  /** The record's reach, as of the last catch-up and the batches written since. */
  let cursor: string | null = null;
  let subscribed = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  /** Ends the wait before a retry: the stop does not wait for it. */
  let endWait: (() => void) | null = null;
  const waiters: (() => void)[] = [];

  const readRange = historyPageThrough(client, bidsChannel);

  async function step() {
    if (needsCatchUp) {
      needsCatchUp = false;
      // PubNub's clock before the read: an empty record subscribes from it, so a message
      // published between the read and the subscription is not missed.
      const readStartedAt = subscribed ? null : String((await client.time()).timetoken);
      const outcome = await catchUp(db, readRange, flags, { isCancelled: () => stopped });
      cursor = outcome.through;
      onBatch(outcome);
      if (!subscribed && !stopped) {
        subscribed = true;
        // From the cursor: what was published since the read is delivered, nothing twice.
        client.subscribe({
          channels: [bidsChannel],
          timetoken: outcome.through ?? readStartedAt!,
        });
      }
      return;
    }
    const taken = queue.splice(0, maxBatch);
    // This process alone records (the lock): the cursor it keeps is the record's, with no query
    // per batch. A failure reads it again from the database, by a catch-up.
    const batch = planBatch(taken, cursor);
    onBatch(await writeBatch(db, batch, flags));
    cursor = latestOf(cursor, batch.through);
  }

  async function drain() {
    while (!stopped && (needsCatchUp || queue.length > 0)) {
      try {
        await step();
      } catch (error) {
        onError(error);
        // What was taken is in history: read from the cursor once the retry is due.
        queue = [];
        needsCatchUp = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryMs);
          endWait = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endWait = null;
      }
    }
    running = null;
    for (const resolve of waiters.splice(0)) resolve();
  }

  function pump() {
    if (!running && !stopped) running = drain();
  }

  client.addListener({
    message: (event) => {
      queue.push({
        timetoken: String(event.timetoken),
        payload: event.message,
        error: event.error ?? null,
      });
      pump();
    },
    status: (status) => {
      if (stopped) return;
      if (status.category === 'PNReconnectedCategory') {
        needsCatchUp = true;
        pump();
      }
      if (
        status.category === 'PNDisconnectedUnexpectedlyCategory' ||
        status.category === 'PNNetworkIssuesCategory'
      )
        setTimeout(() => !stopped && client.reconnect(), retryMs);
    },
  });

  const safetyRead = setInterval(() => {
    needsCatchUp = true;
    pump();
  }, safetyReadMs);
  pump();

  return {
    async stop() {
      stopped = true;
      clearInterval(safetyRead);
      endWait?.();
      client.unsubscribeAll();
      client.destroy();
      await running;
    },
    idle() {
      if (!running) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
