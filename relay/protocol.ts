import type { LoggedMessage } from './channel-log.ts';

/** The subscribe envelope of one message, as the PubNub SDK reads it. */
export function toEnvelope(message: LoggedMessage, subscribeKey: string) {
  return {
    a: '1',
    f: 0,
    i: message.publisher,
    p: { t: message.timetoken, r: 1 },
    k: subscribeKey,
    c: message.channel,
    d: message.payload,
    ...(message.meta === undefined ? {} : { u: message.meta }),
    ...(message.customType === undefined ? {} : { cmt: message.customType }),
  };
}

/** Channel list of a path segment: comma separated, URL-encoded; `,` alone means none. */
export const parseChannels = (segment: string): string[] =>
  decodeURIComponent(segment)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');

export const presenceChannel = (channel: string) => `${channel}-pnpres`;
export const isPresenceChannel = (channel: string) => channel.endsWith('-pnpres');

/** PubNub refuses published messages over 32 KiB. */
export const maxPublishBytes = 32 * 1024;
