import { compareTimetokens } from './timetokens.ts';

export interface LoggedMessage {
  channel: string;
  timetoken: string;
  payload: unknown;
  publisher: string;
  meta?: unknown;
  customType?: string;
  /** False when published with `store=0`: delivered to subscribers, left out of history. */
  stored?: boolean;
}

/** A slice of history as PubNub reads `start` (exclusive, older than) and `end` (inclusive). */
export interface TimetokenRange {
  start?: string;
  end?: string;
}

const isStored = (message: LoggedMessage) => message.stored !== false;

/**
 * The first index of a list in timetoken order whose timetoken is above `timetoken` (or at it,
 * when `inclusive`): a channel is searched, never scanned, whatever its length.
 */
function indexFrom(list: readonly LoggedMessage[], timetoken: string, inclusive: boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareTimetokens(list[middle]!.timetoken, timetoken);
    if (order > 0 || (inclusive && order === 0)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The part of a channel's list within a range: `start` exclusive, `end` inclusive. */
function within(list: readonly LoggedMessage[], { start, end }: TimetokenRange) {
  const from = end === undefined ? 0 : indexFrom(list, end, true);
  const to = start === undefined ? list.length : indexFrom(list, start, true);
  return list.slice(from, Math.max(from, to));
}

/**
 * Every channel's recent messages, oldest first, bounded per channel: what subscribers catch up
 * from and what history answers. Memory stays flat whatever the publish rate. `initial` (say,
 * what a restarted relay read back from disk) must be oldest first.
 */
export function createChannelLog(capacityPerChannel = 10_000, initial: LoggedMessage[] = []) {
  const channels = new Map<string, LoggedMessage[]>();

  function append(message: LoggedMessage): void {
    let list = channels.get(message.channel);
    if (!list) channels.set(message.channel, (list = []));
    // Timetokens only grow, so this is a push; the order is kept whatever comes.
    const last = list.at(-1);
    if (!last || compareTimetokens(last.timetoken, message.timetoken) <= 0) list.push(message);
    else list.splice(indexFrom(list, message.timetoken, false), 0, message);
    if (list.length > capacityPerChannel) list.splice(0, list.length - capacityPerChannel);
  }
  initial.forEach(append);

  return {
    append,

    /** Messages on these channels newer than `after`, oldest first, at most `limit`. */
    since(names: Iterable<string>, after: string, limit: number): LoggedMessage[] {
      const found: LoggedMessage[] = [];
      for (const name of names) {
        const list = channels.get(name) ?? [];
        const from = indexFrom(list, after, false);
        found.push(...list.slice(from, from + limit));
      }
      found.sort((a, b) => compareTimetokens(a.timetoken, b.timetoken));
      return found.slice(0, limit);
    },

    /**
     * History as PubNub answers it: `start` exclusive (older than), `end` inclusive (at or newer
     * than). With only `end`, the oldest `max` after it (paging forward); otherwise the newest.
     */
    history(name: string, options: TimetokenRange & { max: number }): LoggedMessage[] {
      const matching = within(channels.get(name) ?? [], options).filter(isStored);
      return options.end !== undefined && options.start === undefined
        ? matching.slice(0, options.max)
        : matching.slice(-options.max);
    },

    /** How many stored messages are newer than `after` (PubNub's message counts). */
    countAfter(name: string, after: string): number {
      const list = channels.get(name) ?? [];
      return list.slice(indexFrom(list, after, false)).filter(isStored).length;
    },

    /** Deletes the stored messages in the range from history; answers how many went. */
    remove(name: string, range: TimetokenRange): number {
      const list = channels.get(name);
      if (!list) return 0;
      const inRange = new Set(within(list, range));
      const kept = list.filter((message) => !(isStored(message) && inRange.has(message)));
      channels.set(name, kept);
      return list.length - kept.length;
    },

    /** The channel's stored messages, oldest first: what a disk copy of it must hold. */
    stored(name: string): LoggedMessage[] {
      return (channels.get(name) ?? []).filter(isStored);
    },
  };
}

export type ChannelLog = ReturnType<typeof createChannelLog>;
