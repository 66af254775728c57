import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChannelLog, LoggedMessage } from './channel-log.ts';
import type { ChannelStore } from './channel-store.ts';
import type { LongPolls } from './long-polls.ts';
import type { Presence, PresenceEvent } from './presence.ts';
import type { TimetokenClock } from './timetokens.ts';

/** What every endpoint module shares: the relay's keys, clock, log and presence. */
export interface RelayContext {
  subscribeKey: string;
  publishKey: string;
  now: () => number;
  clock: TimetokenClock;
  log: ChannelLog;
  store: ChannelStore | null;
  presence: Presence;
  longPolls: LongPolls;
  longPollMs: number;
  /** Logs, stores and delivers a message; answers its timetoken. */
  append(message: Omit<LoggedMessage, 'timetoken'>): string;
  /** Delivers presence events on the channels' `-pnpres` channels. */
  publishPresence(events: PresenceEvent[]): void;
}

/** One request to an endpoint: the path split on `/`, without the leading empty segment. */
export interface RelayRequest {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  segments: string[];
}
