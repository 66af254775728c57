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

/**
 * Every channel's recent messages, oldest first, bounded per channel: what subscribers catch up
 * from and what history answers. Memory stays flat whatever the publish rate.
 */
export function createChannelLog(capacityPerChannel = 10_000) {
  const channels = new Map<string, LoggedMessage[]>();

  return {
    append(message: LoggedMessage): void {
      let list = channels.get(message.channel);
      if (!list) channels.set(message.channel, (list = []));
      list.push(message);
      if (list.length > capacityPerChannel) list.splice(0, list.length - capacityPerChannel);
    },

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
    history(name: string, options: { start?: string; end?: string; max: number }): LoggedMessage[] {
      const matching = (channels.get(name) ?? []).filter(
        (message) =>
          message.stored !== false &&
          (options.start === undefined ||
            compareTimetokens(message.timetoken, options.start) < 0) &&
          (options.end === undefined || compareTimetokens(message.timetoken, options.end) >= 0),
      );
      return options.end !== undefined && options.start === undefined
        ? matching.slice(0, options.max)
        : matching.slice(-options.max);
    },
  };
}

export type ChannelLog = ReturnType<typeof createChannelLog>;
