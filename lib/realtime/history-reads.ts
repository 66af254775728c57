// The connection's two reads of `bids` history that hold live messages back: the gap after an
// outage (or since the page's record) and the first load's earlier messages. Run one at a time
// by `pubnub-connection.ts`, on the effects `subscription-state.ts` decides.
import type { BidStore, EarlierBids } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { byTimetoken, historyPageSize, mergeInOrder, type MessageRun } from './history-pages';
import { giveUpEarlier, holdBack, releaseHeld, type SubscriptionState } from './subscription-state';
import { isNewer, timetokenFromMs } from '@/lib/sale-desk/timetoken';

/** What a read works with: the store it feeds, the hold it shares with the subscription. */
export interface HistoryReadContext {
  store: BidStore;
  subscription: SubscriptionState;
  /** One page of `bids` history: `start` exclusive, `end` inclusive, as PubNub takes them. */
  fetchPage: (range: { start?: string; end?: string }) => Promise<IncomingMessage[]>;
}

/** Past this the first load gives up on history and shows the live bids it held back. */
const earlierDeadlineMs = 15_000;
/**
 * Replay work per task on first load: under a long task (50 ms), and few tasks, since the page
 * renders between two of them (250 messages a task made 8 renders of the whole board for 2,000
 * messages, half a second of the way to a caught-up board; docs/benchmarks.md).
 */
const replayBudgetMs = 30;
/** Pages a gap read takes at most (5,000 messages, the newest of the gap). */
const catchUpPages = 50;
/** Messages ingested between two looks at the clock. */
const replayStep = 50;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function deadline(ms: number): { expired: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`history took longer than ${ms} ms`)), ms);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * What was published after `since`, oldest page first, as far as it could be read (all of it,
 * or up to a failure or the deadline). History is read backwards from now, each page bounded on
 * both sides (`start` exclusive, `end` inclusive): PubNub and the relay answer the same page (the
 * newest of the range), where `end` alone is the oldest for one and the newest for the other.
 */
async function readGap(
  { fetchPage, subscription }: HistoryReadContext,
  since: string,
): Promise<IncomingMessage[][]> {
  const pages: IncomingMessage[][] = [];
  const limit = deadline(earlierDeadlineMs);
  try {
    // A minute ahead of this clock: whatever the skew with PubNub's, nothing published is newer.
    let before = timetokenFromMs(Date.now() + 60_000);
    for (let read = 0; read < catchUpPages && !subscription.connection.stopped; read += 1) {
      const page = [
        ...(await Promise.race([fetchPage({ start: before, end: since }), limit.expired])),
      ].sort(byTimetoken);
      // `end` is inclusive: the message at `since` is in the store already.
      const newer = page.filter((message) => isNewer(message.timetoken, since));
      pages.unshift(newer);
      if (page.length < historyPageSize || newer.length < page.length) break;
      before = page[0]!.timetoken;
    }
  } catch {
    // Ingested as far as it was read; the bids count says how many came back.
  } finally {
    limit.clear();
  }
  return pages;
}

/**
 * Gap-free: fetches what was published since `since` (the last timetoken seen before the
 * outage; on a first load from the record, its `recordedThrough`). What arrives live meanwhile
 * (the subscription resumes at that timetoken too, and PubNub delivers at most the newest 100
 * missed messages) is held back and merged in publish order: a lot's close from the gap is
 * ingested before a bid published after it, which is then late, as it was. `count` says whether
 * the notice counts what came back.
 */
export async function catchUp(context: HistoryReadContext, since: string, count: boolean) {
  const { store, subscription } = context;
  const reconnectedAt = timetokenFromMs(Date.now());
  holdBack(subscription);
  const pages = await readGap(context, since);
  const live = releaseHeld(subscription);
  if (subscription.connection.stopped) return;
  for (const run of mergeInOrder(pages.flat(), live)) store.ingest(run.messages);
  if (count) store.setReplayed(store.countBidsBetween(since, reconnectedAt));
}

/**
 * Ingests `runs` in slices of about `replayBudgetMs`, a task each, so the page keeps painting.
 * Answers the bids the historical runs added; null once the connection stopped.
 */
async function replayInSlices(
  { store, subscription }: HistoryReadContext,
  runs: readonly MessageRun[],
): Promise<number | null> {
  let bids = 0;
  let taskStartedAt = performance.now();
  for (const run of runs) {
    for (let start = 0; start < run.messages.length; start += replayStep) {
      if (subscription.connection.stopped) return null;
      const added = store.ingest(run.messages.slice(start, start + replayStep));
      if (run.historical) bids += added;
      if (performance.now() - taskStartedAt < replayBudgetMs) continue;
      await nextTask();
      taskStartedAt = performance.now();
    }
  }
  return subscription.connection.stopped ? null : bids;
}

/**
 * First load: the newest messages published before this browser subscribed (a reload mid-sale
 * shows the sale as it was), from `readEarlier`, merged with what arrives live meanwhile, in
 * publish order.
 */
export async function replayEarlier(
  context: HistoryReadContext,
  readEarlier: () => Promise<IncomingMessage[]>,
) {
  const { store, subscription } = context;
  holdBack(subscription);
  store.setEarlier({ state: 'loading' });
  const limit = deadline(earlierDeadlineMs);
  let earlier: IncomingMessage[] = [];
  let outcome: EarlierBids | null = null;
  try {
    earlier = await Promise.race([readEarlier(), limit.expired]);
  } catch {
    giveUpEarlier(subscription);
    outcome = { state: 'failed' };
  } finally {
    limit.clear();
  }
  const runs = mergeInOrder(earlier, releaseHeld(subscription));
  // What arrives while the runs are replayed is held back, after them.
  holdBack(subscription);
  const bids = await replayInSlices(context, runs);
  if (bids === null) return;
  store.ingest(releaseHeld(subscription));
  store.setEarlier(outcome ?? { state: 'loaded', bids });
}
