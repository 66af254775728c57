// The first load's history read, several pages at a time (docs/adr/0019-history-in-slices.md).
// PubNub answers at most 100 messages a page and pages backwards from the oldest message of the
// page before, so 2,000 messages read one page after the other cost 20 round trips. Asked with a
// lower bound too (`end`, inclusive), a page is the newest 100 of a slice of time: once a page
// tells how fast messages came, the slices of time below it are read side by side.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import {
  byTimetoken,
  catchUpLimits,
  historyPageSize,
  type HistoryPage,
  type ReadOptions,
} from './history-pages';
import { compareTimetokens } from '@/lib/sale-desk/timetoken';

/**
 * Pages asked at once: a browser opens 6 connections to a host over HTTP/1.1 and the subscribe
 * long-poll holds one.
 */
export const historyParallelism = 5;

/** A bounded slice is cut to hold this share of a page at the rate seen, so one request reads it. */
const sliceFill = 0.75;

/** One request: the newest page below `before`, and at or after `notBefore` when given. */
interface PageAsk {
  before: string | undefined;
  notBefore?: string;
}

/**
 * Below `floor`: `count` touching slices of `span` timetokens each, newest first, then the page
 * under them, open at the bottom, which says whether history goes on and how fast it came there.
 * A slice that would reach below the channel's start is not cut: the open page reads from there.
 */
export function planWave(floor: string, span: bigint, count: number): PageAsk[] {
  const asks: PageAsk[] = [];
  let before = BigInt(floor);
  for (let k = 0; k < count && before - span > 0n; k += 1) {
    asks.push({ before: before.toString(), notBefore: (before - span).toString() });
    before -= span;
  }
  asks.push({ before: before.toString() });
  return asks;
}

/** The time a bounded slice should cover, from a full page (oldest first) and its rate. */
export function sliceSpan(page: readonly IncomingMessage[]): bigint {
  const covered = BigInt(page.at(-1)!.timetoken) - BigInt(page[0]!.timetoken);
  const perPage = (covered * BigInt(historyPageSize)) / BigInt(Math.max(1, page.length - 1));
  const span = (perPage * BigInt(Math.round(sliceFill * 100))) / 100n;
  return span > 0n ? span : 1n;
}

const oldestFirst = (page: IncomingMessage[]) => [...page].sort(byTimetoken);

const atOrAfter = (a: string, b: string) => compareTimetokens(a, b) >= 0;

/** How many of the pages' messages (each page oldest first) are at or after `floor`. */
function countFrom(pages: readonly IncomingMessage[][], floor: string | undefined): number {
  if (floor === undefined) return 0;
  let count = 0;
  for (const page of pages) {
    if (page.length === 0 || !atOrAfter(page.at(-1)!.timetoken, floor)) continue;
    count += atOrAfter(page[0]!.timetoken, floor)
      ? page.length
      : page.filter((m) => atOrAfter(m.timetoken, floor)).length;
  }
  return count;
}

const newestAskFirst = (a: PageAsk, b: PageAsk) =>
  a.before === b.before ? 0 : a.before === undefined || atOrAfter(a.before, b.before!) ? -1 : 1;

/**
 * The newest messages of the channel, at most `maxMessages`, oldest first: what the dashboard
 * replays on first load so that a reload shows the sale as it was.
 *
 * The newest page comes first. Each full page that is open at the bottom starts a wave below it:
 * slices of time that should hold about a page each at the rate that page shows, and one more
 * open page under them, all asked at once (`parallelism` at most in flight). A slice busier than
 * expected is paged within; an open page that is not full is the start of history. No request is
 * asked once the messages held newer than it are enough: it could only find older ones.
 */
export function loadEarlier(
  fetchPage: HistoryPage,
  {
    maxMessages = catchUpLimits.maxMessages,
    isCancelled = () => false,
    parallelism = historyParallelism,
  }: ReadOptions & { parallelism?: number } = {},
): Promise<IncomingMessage[]> {
  const held: IncomingMessage[][] = [];
  /** Asks not yet sent, the newest first (they are queued in that order). */
  const queue: PageAsk[] = [{ before: undefined }];
  let inFlight = 0;
  let failed = false;

  return new Promise((resolve, reject) => {
    const finishIfIdle = () => {
      if (inFlight > 0 || failed) return;
      // Each page is oldest first and no two overlap in time: ordering the pages is enough.
      const pages = held.filter((page) => page.length > 0);
      pages.sort((a, b) => byTimetoken(a[0]!, b[0]!));
      resolve(pages.flat().slice(-maxMessages));
    };

    const answered = (ask: PageAsk, page: IncomingMessage[]) => {
      held.push(page);
      if (page.length < historyPageSize) return;
      const below = page[0]!.timetoken;
      if (ask.notBefore !== undefined) {
        queue.push({ before: below, notBefore: ask.notBefore });
        return;
      }
      const slices = Math.max(0, parallelism - 1);
      queue.push(...planWave(below, sliceSpan(page), slices));
    };

    const pump = () => {
      while (!failed && inFlight < parallelism && queue.length > 0) {
        if (isCancelled()) {
          queue.length = 0;
          break;
        }
        const ask = queue.shift()!;
        if (countFrom(held, ask.before) >= maxMessages) continue;
        inFlight += 1;
        fetchPage(ask.before, ask.notBefore).then(
          (page) => {
            inFlight -= 1;
            if (failed) return;
            answered(ask, oldestFirst(page));
            queue.sort(newestAskFirst);
            pump();
          },
          (error: unknown) => {
            inFlight -= 1;
            failed = true;
            reject(error);
          },
        );
      }
      finishIfIdle();
    };

    pump();
  });
}
