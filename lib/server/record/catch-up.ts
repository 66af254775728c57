import 'server-only';
// Brings the record up to date from history: pages forward from the cursor, oldest first, each
// page recorded before the next is read, so a read cut short (its budget, a failure) leaves the
// record whole up to where it stopped, never with a hole behind the cursor.
import type { Database } from '@/lib/server/db/database';
import type { IncomingMessage } from '@/lib/realtime/bid-store';
import { historyPageSize } from '@/lib/realtime/history-pages';
import { planBatch } from './plan-batch';
import type { RecordFlags } from './record-flags';
import { recordedThrough, writeBatch, type BatchOutcome } from './write-batch';

/** The oldest messages at or after `end` (inclusive), at most a page, oldest first. */
export type ForwardPage = (end: string) => Promise<IncomingMessage[]>;

/** Before any message PubNub or the relay can hold (1973): "from the beginning". */
export const beginningOfHistory = '10000000000000000';

export interface CatchUpOutcome extends BatchOutcome {
  pages: number;
  /** The record's reach after the read. */
  through: string | null;
  /** False when the read stopped before history ran out (its budget). */
  complete: boolean;
}

export async function catchUp(
  db: Database,
  readPage: ForwardPage,
  flags: RecordFlags,
  { isCancelled = () => false }: { isCancelled?: () => boolean } = {},
): Promise<CatchUpOutcome> {
  const outcome: CatchUpOutcome = {
    recorded: 0,
    rejected: 0,
    duplicates: 0,
    flags: 0,
    pages: 0,
    through: await recordedThrough(db),
    complete: false,
  };
  while (!isCancelled()) {
    const page = await readPage(outcome.through ?? beginningOfHistory);
    outcome.pages += 1;
    const batch = planBatch(page, outcome.through);
    const written = await writeBatch(db, batch, flags);
    outcome.recorded += written.recorded;
    outcome.rejected += written.rejected;
    outcome.duplicates += written.duplicates;
    outcome.flags += written.flags;
    // A short page is the end of history; a page that brought nothing new is too (a full page
    // of messages at the cursor cannot be, timetokens being unique, but never loop on it).
    if (page.length < historyPageSize || batch.through === null) {
      outcome.complete = true;
      break;
    }
    outcome.through = batch.through;
  }
  outcome.through = await recordedThrough(db);
  return outcome;
}
