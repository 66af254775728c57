// Reading `bids` history backwards, apart from the SDK (docs/product-contract.md §11): the gap read
// of the first load, and what the first load's slices (`history-slices.ts`) share with it.
// `pubnub-connection.ts` supplies one page at a time.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { isNewer } from '@/lib/sale-desk/timetoken';

/**
 * One page of history: the newest `pageSize` messages published before `before` (all of them up
 * to now when undefined) and, when given, at or after `notBefore`, as PubNub answers `start=`
 * (exclusive) and `end=` (inclusive) together.
 */
export type HistoryPage = (
  before: string | undefined,
  notBefore?: string,
) => Promise<IncomingMessage[]>;

export const historyPageSize = 100;

/** What the first load reads: at least the last 15 minutes of a sale, at most 2,000 messages. */
export const catchUpLimits = { maxMessages: 2_000 };

export interface ReadOptions {
  maxMessages?: number;
  /** Asked before each page: a sign-out or a closed panel stops the reading. */
  isCancelled?: () => boolean;
}

const never = () => false;

export const byTimetoken = (a: IncomingMessage, b: IncomingMessage) =>
  a.timetoken === b.timetoken ? 0 : isNewer(a.timetoken, b.timetoken) ? 1 : -1;

/**
 * Pages backwards from now, handing each page (oldest first) to `take` until it answers false,
 * history runs out or `maxPages` were read.
 */
async function pageBackwards(
  fetchPage: HistoryPage,
  maxPages: number,
  take: (page: IncomingMessage[]) => boolean,
  isCancelled: () => boolean,
): Promise<void> {
  let before: string | undefined;
  for (let read = 0; read < maxPages && !isCancelled(); read += 1) {
    const page = [...(await fetchPage(before))].sort(byTimetoken);
    if (page.length === 0 || !take(page)) return;
    if (page.length < historyPageSize) return;
    before = page[0]!.timetoken;
  }
}

/**
 * The messages newer than `after` (every message when null), oldest first, at most
 * `maxMessages`: read backwards from now until a page reaches `after`.
 */
export async function loadNewer(
  fetchPage: HistoryPage,
  after: string | null,
  { maxMessages = catchUpLimits.maxMessages, isCancelled = never }: ReadOptions = {},
): Promise<IncomingMessage[]> {
  const pages: IncomingMessage[][] = [];
  let held = 0;
  await pageBackwards(
    fetchPage,
    Math.ceil(maxMessages / historyPageSize),
    (page) => {
      const newer = after === null ? page : page.filter((m) => isNewer(m.timetoken, after));
      pages.unshift(newer);
      held += newer.length;
      return newer.length === page.length && held < maxMessages;
    },
    isCancelled,
  );
  return pages.flat().slice(-maxMessages);
}

/** Messages in publish order, all from history or all delivered live. */
export interface MessageRun {
  historical: boolean;
  messages: IncomingMessage[];
}

/**
 * The history and the messages delivered live while it loaded, in publish order without repeats
 * (the live ones published before the history was read are in both), as runs from one source so
 * the caller can count what history added. Replayed in this order, the flags engine sees what
 * every other staff member saw, in the order they saw it.
 */
export function mergeInOrder(
  earlier: readonly IncomingMessage[],
  live: readonly IncomingMessage[],
): MessageRun[] {
  const seen = new Set<string>();
  const runs: MessageRun[] = [];
  const tagged = [
    ...earlier.map((message) => ({ message, historical: true })),
    ...live.map((message) => ({ message, historical: false })),
  ].sort((a, b) => byTimetoken(a.message, b.message));
  for (const { message, historical } of tagged) {
    if (seen.has(message.timetoken)) continue;
    seen.add(message.timetoken);
    const last = runs.at(-1);
    if (last?.historical === historical) last.messages.push(message);
    else runs.push({ historical, messages: [message] });
  }
  return runs;
}
