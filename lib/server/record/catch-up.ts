import 'server-only';
// Brings the record up to date from history. History is read backwards, newest page first, from
// now down to the cursor, each page bounded on both sides (`start` exclusive, `end` inclusive):
// with both, PubNub and the relay answer the same page (the newest of the range), where a page
// bounded by `end` alone is the oldest of the range for one and the newest for the other. What
// was read is then recorded oldest first, in batches. A read cut short (its budget, a failure)
// records nothing, so the record never has a hole behind its cursor; the next read starts again
// from the same cursor.
import type { Database } from '@/lib/server/db/database';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { byTimetoken, historyPageSize } from '@/lib/realtime/history-pages';
import { isNewer, timetokenFromMs } from '@/lib/sale-desk/timetoken';
import { planBatch } from './plan-batch';
import type { RecordFlags } from './record-flags';
import { recordedThrough, writeBatch, type BatchOutcome } from './write-batch';

/**
 * The newest messages (at most a page, any order) published before `before` (exclusive) and at
 * or after `notBefore` (inclusive).
 */
export type HistoryRange = (before: string, notBefore: string) => Promise<IncomingMessage[]>;

/** Before any message PubNub or the relay can hold (1973): "from the beginning". */
export const beginningOfHistory = '10000000000000000';

/**
 * Pages read at most in one catch-up: 500,000 messages. A record starting on a keyset with a
 * longer history than that starts at the oldest message read, and says so.
 */
export const maxCatchUpPages = 5_000;

/** Messages written in one transaction while catching up. */
const catchUpBatch = 1_000;

export interface CatchUpOutcome extends BatchOutcome {
  pages: number;
  /** The record's reach after the read. */
  through: string | null;
  /** False when the read stopped before it reached the cursor (its budget): nothing recorded. */
  complete: boolean;
}

/** Reads backwards from now to `after`; null when cancelled first. */
async function readBackTo(
  readRange: HistoryRange,
  after: string | null,
  isCancelled: () => boolean,
): Promise<{ pages: IncomingMessage[][]; reachedCursor: boolean } | null> {
  // A minute ahead of this clock: whatever the skew with PubNub's, nothing published is newer.
  let before = timetokenFromMs(Date.now() + 60_000);
  const pages: IncomingMessage[][] = [];
  for (let read = 0; read < maxCatchUpPages; read += 1) {
    if (isCancelled()) return null;
    const page = [...(await readRange(before, after ?? beginningOfHistory))].sort(byTimetoken);
    const newer = after === null ? page : page.filter((m) => isNewer(m.timetoken, after));
    pages.unshift(newer);
    if (page.length < historyPageSize || newer.length < page.length)
      return { pages, reachedCursor: true };
    before = page[0]!.timetoken;
  }
  return { pages, reachedCursor: false };
}

/** Flags a catch-up announces at most: the newest; a desk reads the rest from the record. */
const maxAnnounced = 50;

export async function catchUp(
  db: Database,
  readRange: HistoryRange,
  flags: RecordFlags,
  { isCancelled = () => false }: { isCancelled?: () => boolean } = {},
): Promise<CatchUpOutcome> {
  const cursor = await recordedThrough(db);
  const outcome: CatchUpOutcome = {
    recorded: 0,
    rejected: 0,
    duplicates: 0,
    flags: 0,
    raised: [],
    pages: 0,
    through: cursor,
    complete: false,
  };
  const read = await readBackTo(readRange, cursor, isCancelled);
  if (read === null) return outcome;
  outcome.pages = read.pages.length;
  if (!read.reachedCursor)
    console.warn(
      `gavel: history holds more than ${maxCatchUpPages} pages past the record's cursor; the record goes on from the oldest read`,
    );
  const messages = read.pages.flat();
  for (let start = 0; start < messages.length; start += catchUpBatch) {
    const batch = planBatch(messages.slice(start, start + catchUpBatch), outcome.through);
    const written = await writeBatch(db, batch, flags);
    outcome.recorded += written.recorded;
    outcome.rejected += written.rejected;
    outcome.duplicates += written.duplicates;
    outcome.flags += written.flags;
    // The newest are announced; the desks' reads of the record bring any older ones.
    outcome.raised = [...outcome.raised, ...written.raised].slice(-maxAnnounced);
    if (batch.through !== null) outcome.through = batch.through;
  }
  outcome.complete = true;
  return outcome;
}
