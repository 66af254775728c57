// The first load's history read, started beside the subscribe handshake instead of after it
// (docs/adr/0015-history-beside-the-handshake.md).
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import {
  byTimetoken,
  catchUpLimits,
  loadNewer,
  type HistoryPage,
  type ReadOptions,
} from './history-pages';
import { loadEarlier } from './history-slices';
import { latestOf } from '@/lib/sale-desk/timetoken';

/** Two reads of history as one: each message once, oldest first, the newest `maxMessages`. */
export function joinHistory(
  earlier: readonly IncomingMessage[],
  newer: readonly IncomingMessage[],
  maxMessages = catchUpLimits.maxMessages,
): IncomingMessage[] {
  const byToken = new Map<string, IncomingMessage>();
  for (const message of [...earlier, ...newer])
    if (!byToken.has(message.timetoken)) byToken.set(message.timetoken, message);
  return [...byToken.values()].sort(byTimetoken).slice(-maxMessages);
}

export interface EarlierAhead {
  /**
   * Once the subscription is connected: the earlier messages, with those published between the
   * read's first (newest) page and the handshake, which the subscription does not deliver.
   */
  subscribed(): Promise<IncomingMessage[]>;
}

/**
 * Once subscribed: `earlier`, joined with what was published from the newest message of
 * `firstPage` (the read's newest page, answered before the handshake) until now, which the
 * subscription does not deliver, read backwards beside what `earlier` still reads.
 */
function earlierAhead(
  firstPage: Promise<IncomingMessage[]>,
  earlier: Promise<IncomingMessage[]>,
  fetchPage: HistoryPage,
  { maxMessages = catchUpLimits.maxMessages, isCancelled }: ReadOptions,
): EarlierAhead {
  // Read (and any failure handled) in `subscribed()`, which may come late or never.
  firstPage.catch(() => {});
  earlier.catch(() => {});
  return {
    async subscribed() {
      const newest = (await firstPage).reduce<string | null>(
        (latest, message) => latestOf(latest, message.timetoken),
        null,
      );
      const [older, gap] = await Promise.all([
        earlier,
        loadNewer(fetchPage, newest, { maxMessages, isCancelled }),
      ]);
      return joinHistory(older, gap, maxMessages);
    },
  };
}

/**
 * Starts reading the newest messages now, before the subscription is connected. The newest page
 * may then be answered before the handshake fixed the subscription's cursor: a message published
 * in between is in neither. `subscribed()` closes that gap with a second read, from now back to
 * the newest message of the first page, beside the older pages; repeats are dropped by timetoken.
 */
export function readEarlierAhead(fetchPage: HistoryPage, options: ReadOptions = {}): EarlierAhead {
  let answerFirstPage: (page: IncomingMessage[]) => void = () => {};
  let failFirstPage: (error: unknown) => void = () => {};
  const firstPage = new Promise<IncomingMessage[]>((resolve, reject) => {
    answerFirstPage = resolve;
    failFirstPage = reject;
  });
  const watched: HistoryPage = (before, notBefore) => {
    const page = fetchPage(before, notBefore);
    if (before === undefined) page.then(answerFirstPage, failFirstPage);
    return page;
  };
  const earlier = loadEarlier(watched, options);
  // Cancelled before the first page: nothing was read, and `subscribed()` must not wait forever.
  earlier.then(() => answerFirstPage([]), failFirstPage);
  return earlierAhead(firstPage, earlier, fetchPage, options);
}

/**
 * The same from a read already on its way elsewhere (the console's server reads the first load's
 * history in one answer, docs/adr/0031): once subscribed, what was published between that read
 * and the handshake is read here, as above.
 */
export function earlierReadElsewhere(
  read: Promise<IncomingMessage[]>,
  fetchPage: HistoryPage,
  options: ReadOptions = {},
): EarlierAhead {
  return earlierAhead(read, read, fetchPage, options);
}
