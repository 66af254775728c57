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

const inRange = (message: LoggedMessage, { start, end }: TimetokenRange) =>
  (start === undefined || compareTimetokens(message.timetoken, start) < 0) &&
  (end === undefined || compareTimetokens(message.timetoken, end) >= 0);

const isStored = (message: LoggedMessage) => message.stored !== false;

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
    list.push(message);
    if (list.length > capacityPerChannel) list.splice(0, list.length - capacityPerChannel);
  }
  initial.forEach(append);

  return {
    append,

    /** Messages on these channels newer than `after`, oldest first, at most `limit`. */
    since(names: Iterable<string>, after: string, limit: number): LoggedMessage[] {
      const found: LoggedMessage[] = [];
      for (const name of names) {
        for (const message of channels.get(name) ?? []) {
          if (compareTimetokens(message.timetoken, after) > 0) found.push(message);
        }
      }
      found.sort((a, b) => compareTimetokens(a.timetoken, b.timetoken));
      return found.slice(0, limit);
    },

    /**
     * History as PubNub answers it: `start` exclusive (older than), `end` inclusive (at or newer
     * than). With only `end`, the oldest `max` after it (paging forward); otherwise the newest.
     */
    history(name: string, options: TimetokenRange & { max: number }): LoggedMessage[] {
      const matching = (channels.get(name) ?? []).filter(
        (message) => isStored(message) && inRange(message, options),
      );
      return options.end !== undefined && options.start === undefined
        ? matching.slice(0, options.max)
        : matching.slice(-options.max);
    },

    /** How many stored messages are newer than `after` (PubNub's message counts). */
    countAfter(name: string, after: string): number {
      return (channels.get(name) ?? []).filter(
        (message) => isStored(message) && compareTimetokens(message.timetoken, after) > 0,
      ).length;
    },

    /** Deletes the stored messages in the range from history; answers how many went. */
    remove(name: string, range: TimetokenRange): number {
      const list = channels.get(name);
      if (!list) return 0;
      const kept = list.filter((message) => !(isStored(message) && inRange(message, range)));
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
