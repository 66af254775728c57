// One page of a channel's history through the PubNub SDK, as the console reads it: the browser's
// connection (gap reads, the lot panel) and the server's read for the first load (ADR 31).
import type PubNub from 'pubnub';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { historyPageSize, type HistoryPage } from './history-pages';

type FetchedMessage = { message: unknown; timetoken: string | number; error?: string };

/**
 * Up to a page of `channel`'s messages, oldest first: `start` exclusive and `end` inclusive, as
 * PubNub takes them. A message the SDK could not decrypt keeps its `error`.
 */
export async function fetchHistoryPage(
  client: Pick<PubNub, 'fetchMessages'>,
  channel: string,
  range: { start?: string; end?: string },
): Promise<IncomingMessage[]> {
  const answer = await client.fetchMessages({
    channels: [channel],
    count: historyPageSize,
    ...range,
  });
  return ((answer.channels as Record<string, FetchedMessage[]>)[channel] ?? []).map((item) => ({
    timetoken: String(item.timetoken),
    payload: item.message,
    ...(item.error ? { error: item.error } : {}),
  }));
}

/** The same as a `HistoryPage`: before `before` (exclusive), at or after `notBefore`. */
export const historyPageThrough =
  (client: Pick<PubNub, 'fetchMessages'>, channel: string): HistoryPage =>
  (before, notBefore) =>
    fetchHistoryPage(client, channel, {
      ...(before ? { start: before } : {}),
      ...(notBefore ? { end: notBefore } : {}),
    });
