// The embedded relay: the subset of PubNub's HTTP protocol the JS SDK uses (time, subscribe
// long-poll, publish, presence, history), for development and tests. Never for production.
// What it does not implement it refuses in PubNub's error shape, never with a success.
import { createServer } from 'node:http';
import { admitCall, grantCall } from './access-manager/access-routes.ts';
import { createChannelLog, type LoggedMessage } from './channel-log.ts';
import { openChannelStore } from './channel-store.ts';
import { historyCall } from './history-routes.ts';
import {
  applyCors,
  forbidden,
  isForeignBrowser,
  json,
  jsonText,
  notSupported,
  unknownPath,
} from './http.ts';
import { createLongPolls } from './long-polls.ts';
import { createPresence, type PresenceEvent } from './presence.ts';
import { presenceCall } from './presence-routes.ts';
import { presenceChannel } from './protocol.ts';
import { publish } from './publish-route.ts';
import type { RelayContext, RelayRequest } from './relay-context.ts';
import { subscribe } from './subscribe-route.ts';
import { createTimetokenClock } from './timetokens.ts';

export interface RelayOptions {
  subscribeKey: string;
  publishKey: string;
  /**
   * With a secret key the relay speaks Access Manager (contract §16): grants for signed requests,
   * and every call needs the secret key's signature or a token that allows it. Without, it is open.
   */
  secretKey?: string;
  /** Browser origins allowed by CORS (the console's). */
  allowedOrigins: string[];
  /** How long a subscribe long-poll waits for messages (the SDK gives up at 310 s). */
  longPollMs?: number;
  /** Most messages in one subscribe answer, as PubNub. */
  maxMessagesPerPoll?: number;
  /** Messages kept per channel, in memory and on disk (default 10,000). */
  channelCapacity?: number;
  /** Where the channel log is kept across restarts; absent, it lives in memory only. */
  dataDir?: string;
  /** How long published messages wait to be written to `dataDir` in one batch (default 100 ms). */
  storeFlushMs?: number;
  now?: () => number;
}

export function createRelay(options: RelayOptions) {
  const now = options.now ?? Date.now;
  const capacity = options.channelCapacity ?? 10_000;
  const store = options.dataDir
    ? openChannelStore({
        dir: options.dataDir,
        capacityPerChannel: capacity,
        flushMs: options.storeFlushMs,
        snapshot: (channel) => log.stored(channel),
      })
    : null;
  const log = createChannelLog(capacity, store?.loaded);
  // Never below what is on disk: a cursor from before a restart must stay behind every new one.
  const clock = createTimetokenClock(now, store?.newest);
  const presence = createPresence(now);
  const longPolls = createLongPolls(log, options.maxMessagesPerPoll ?? 100);

  function append(message: Omit<LoggedMessage, 'timetoken'>): string {
    const logged = { ...message, timetoken: clock.next() };
    log.append(logged);
    store?.append(logged);
    longPolls.notify(message.channel);
    return logged.timetoken;
  }

  function publishPresence(events: PresenceEvent[]) {
    for (const event of events) {
      append({
        channel: presenceChannel(event.channel),
        publisher: event.uuid,
        payload: {
          action: event.action,
          uuid: event.uuid,
          timestamp: Math.floor(now() / 1000),
          occupancy: event.occupancy,
          ...(event.state === undefined ? {} : { data: event.state }),
        },
      });
    }
  }

  const context: RelayContext = {
    subscribeKey: options.subscribeKey,
    publishKey: options.publishKey,
    now,
    clock,
    log,
    store,
    presence,
    longPolls,
    longPollMs: options.longPollMs ?? 280_000,
    append,
    publishPresence,
  };

  const access = options.secretKey
    ? { keys: { ...options, secretKey: options.secretKey }, revoked: new Set<string>() }
    : null;

  const sweeper = setInterval(() => publishPresence(presence.sweep()), 1000);
  sweeper.unref();

  function route(call: RelayRequest) {
    const { response, url, segments } = call;
    const [first, second] = segments;
    // PubNub answers a number; 17 digits exceed a JS number, so the JSON is written as text.
    if (first === 'time') return jsonText(response, 200, `[${clock.next()}]`);
    if (first === 'health') return json(response, 200, { status: 'ok' });
    if (access) {
      if (first === 'v3' && second === 'pam')
        return grantCall(access.keys, access.revoked, now, call);
      if (!admitCall(access.keys, access.revoked, now, call)) return;
    }
    if (first === 'v2' && second === 'subscribe') return subscribe(context, call);
    if (first === 'publish') return publish(context, call);
    if (first === 'v2' && second === 'presence') return presenceCall(context, call);
    if (first === 'v3' && second === 'history') return historyCall(context, call);
    if (first === 'v1' && second === 'channel-registration')
      return notSupported(response, 'Channel groups', 'channel-registry');
    return unknownPath(response, url.pathname);
  }

  // Publishes travel in the URL by default: allow URLs past Node's 16 KiB header limit so a
  // message near PubNub's 32 KiB (percent-encoded, up to three times longer) reaches the size check.
  const server = createServer({ maxHeaderSize: 128 * 1024 }, (request, response) => {
    void (async () => {
      if (applyCors(request, response, options.allowedOrigins)) return;
      if (isForeignBrowser(request, options.allowedOrigins)) return forbidden(response);
      const url = new URL(request.url ?? '/', 'http://relay');
      const segments = url.pathname
        .split('/')
        .filter((segment, index) => index > 0 || segment !== '');
      await route({ request, response, url, segments });
    })().catch((error: unknown) => {
      // A path segment whose percent-encoding is not UTF-8: the caller's mistake, not ours.
      const invalidPath = error instanceof URIError;
      if (!invalidPath) console.error('relay: request failed', error);
      if (response.headersSent) return;
      if (invalidPath)
        json(response, 400, { status: 400, error: true, message: 'Invalid Arguments' });
      else json(response, 500, { status: 500, error: true, message: 'Internal Error' });
    });
  });
  // A URL past even that limit is a message too large, answered as PubNub does, in JSON.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'HPE_HEADER_OVERFLOW' && socket.writable) {
      socket.end(
        'HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n[0,"Message Too Large","0"]',
      );
    } else {
      socket.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 0;

  return {
    server,
    listen(port: number, host = '0.0.0.0'): Promise<void> {
      return new Promise((resolve) => server.listen(port, host, resolve));
    },
    /** Stops serving and writes what the channel log has not written yet. */
    async close(): Promise<void> {
      clearInterval(sweeper);
      longPolls.clear();
      server.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        store?.close(),
      ]);
    },
    /** For the simulator in the same process: the channel's stored messages, oldest first. */
    stored(channel: string) {
      return log.stored(channel);
    },
    /** For the simulator in the same process: publish without HTTP. */
    publish(channel: string, payload: unknown, publisher = 'gavel-simulator'): string {
      return append({ channel, payload, publisher });
    },
  };
}

export type Relay = ReturnType<typeof createRelay>;
