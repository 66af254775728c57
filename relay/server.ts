// The embedded relay: the subset of PubNub's HTTP protocol the JS SDK uses (time, subscribe
// long-poll, publish, presence, history), for development and tests. Never for production.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createChannelLog, type LoggedMessage } from './channel-log.ts';
import { applyCors, forbidden, json, optionalNumber, readBody } from './http.ts';
import { createLongPolls } from './long-polls.ts';
import { createPresence, type PresenceEvent } from './presence.ts';
import {
  isPresenceChannel,
  maxPublishBytes,
  parseChannels,
  presenceChannel,
  toEnvelope,
} from './protocol.ts';
import { createTimetokenClock, isTimetoken } from './timetokens.ts';

export interface RelayOptions {
  subscribeKey: string;
  publishKey: string;
  /** Browser origins allowed by CORS (the console's). */
  allowedOrigins: string[];
  /** How long a subscribe long-poll waits for messages (the SDK gives up at 310 s). */
  longPollMs?: number;
  /** Most messages in one subscribe answer, as PubNub. */
  maxMessagesPerPoll?: number;
  now?: () => number;
}

export function createRelay(options: RelayOptions) {
  const now = options.now ?? Date.now;
  const clock = createTimetokenClock(now);
  const log = createChannelLog();
  const presence = createPresence(now);
  const longPollMs = options.longPollMs ?? 280_000;
  const longPolls = createLongPolls(log, options.maxMessagesPerPoll ?? 100);

  function append(message: Omit<LoggedMessage, 'timetoken'>): string {
    const timetoken = clock.next();
    log.append({ ...message, timetoken });
    longPolls.notify(message.channel);
    return timetoken;
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
        },
      });
    }
  }

  const sweeper = setInterval(() => publishPresence(presence.sweep()), 1000);
  sweeper.unref();

  function subscribe(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    segments: string[],
  ) {
    const [, , subscribeKey, channelSegment = ','] = segments;
    if (subscribeKey !== options.subscribeKey) return forbidden(response);
    const channels = parseChannels(channelSegment);
    const uuid = url.searchParams.get('uuid') ?? 'anonymous';
    const tt = url.searchParams.get('tt');
    const watched = channels.filter((channel) => !isPresenceChannel(channel));
    const isHandshake = !isTimetoken(tt) || tt === '0';
    // Allocate the handshake's cursor before recording the join, so the subscriber sees its own.
    const cursor = isHandshake ? clock.next() : tt;
    // An open subscription keeps its uuid present, as with PubNub.
    publishPresence(presence.heartbeat(uuid, watched, optionalNumber(url, 'heartbeat')));
    if (isHandshake) return json(response, 200, { t: { t: cursor, r: 1 }, m: [] });

    longPolls.wait({
      request,
      channels,
      after: cursor,
      timeoutMs: longPollMs,
      answer: (next, messages) =>
        json(response, 200, {
          t: { t: next, r: 1 },
          m: messages.map((message) => toEnvelope(message, options.subscribeKey)),
        }),
    });
  }

  async function publish(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    segments: string[],
  ) {
    const [, publishKey, subscribeKey, , channelSegment = '', , ...payloadSegments] = segments;
    if (publishKey !== options.publishKey || subscribeKey !== options.subscribeKey) {
      return forbidden(response);
    }
    let text: string;
    if (request.method === 'POST') {
      let body: Buffer | null;
      try {
        body = await readBody(request, maxPublishBytes);
      } catch {
        return json(response, 400, [0, 'Invalid Body', clock.current()]);
      }
      if (body === null) return json(response, 413, [0, 'Message Too Large', clock.current()]);
      text = body.toString('utf8');
    } else {
      text = decodeURIComponent(payloadSegments.join('/'));
    }
    if (Buffer.byteLength(text) > maxPublishBytes)
      return json(response, 413, [0, 'Message Too Large', clock.current()]);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return json(response, 400, [0, 'Invalid JSON', clock.current()]);
    }
    const metaText = url.searchParams.get('meta');
    let meta: unknown;
    try {
      meta = metaText ? JSON.parse(metaText) : undefined;
    } catch {
      meta = undefined;
    }
    const timetoken = append({
      channel: decodeURIComponent(channelSegment),
      payload,
      publisher: url.searchParams.get('uuid') ?? 'anonymous',
      meta,
      customType: url.searchParams.get('custom_message_type') ?? undefined,
      stored: url.searchParams.get('store') !== '0',
    });
    return json(response, 200, [1, 'Sent', timetoken]);
  }

  function presenceCall(response: ServerResponse, url: URL, segments: string[]) {
    // /v2/presence/sub-key/{sub}/channel/{chs}[/heartbeat|/leave]
    const [, , , subscribeKey, , channelSegment = ',', action] = segments;
    if (subscribeKey !== options.subscribeKey) return forbidden(response);
    const channels = parseChannels(channelSegment).filter((channel) => !isPresenceChannel(channel));
    const uuid = url.searchParams.get('uuid') ?? 'anonymous';
    if (action === 'heartbeat') {
      publishPresence(presence.heartbeat(uuid, channels, optionalNumber(url, 'heartbeat')));
      return json(response, 200, { status: 200, message: 'OK', service: 'Presence' });
    }
    if (action === 'leave') {
      publishPresence(presence.leave(uuid, channels));
      return json(response, 200, {
        status: 200,
        message: 'OK',
        action: 'leave',
        service: 'Presence',
      });
    }
    const withUuids = url.searchParams.get('disable_uuids') !== '1';
    if (channels.length === 1) {
      const { occupancy, uuids } = presence.hereNow(channels[0]!);
      return json(response, 200, {
        status: 200,
        message: 'OK',
        occupancy,
        ...(withUuids ? { uuids } : {}),
        service: 'Presence',
      });
    }
    const perChannel = Object.fromEntries(
      channels.map((channel) => {
        const { occupancy, uuids } = presence.hereNow(channel);
        return [channel, { occupancy, ...(withUuids ? { uuids } : {}) }];
      }),
    );
    return json(response, 200, {
      status: 200,
      message: 'OK',
      payload: {
        channels: perChannel,
        total_channels: channels.length,
        total_occupancy: Object.values(perChannel).reduce((sum, entry) => sum + entry.occupancy, 0),
      },
      service: 'Presence',
    });
  }

  function history(response: ServerResponse, url: URL, segments: string[]) {
    // /v3/history/sub-key/{sub}/channel/{chs}
    const [, , , subscribeKey, , channelSegment = ''] = segments;
    if (subscribeKey !== options.subscribeKey) return forbidden(response);
    const channels = parseChannels(channelSegment);
    const ceiling = channels.length > 1 ? 25 : 100;
    const max = Math.min(
      ceiling,
      Math.max(1, Number(url.searchParams.get('max') ?? ceiling) || ceiling),
    );
    const start = url.searchParams.get('start') ?? undefined;
    const end = url.searchParams.get('end') ?? undefined;
    const withMeta = url.searchParams.get('include_meta') === 'true';
    const answer = Object.fromEntries(
      channels.map((channel) => [
        channel,
        log
          .history(channel, {
            start: isTimetoken(start) ? start : undefined,
            end: isTimetoken(end) ? end : undefined,
            max,
          })
          .map((message) => ({
            message: message.payload,
            timetoken: message.timetoken,
            uuid: message.publisher,
            message_type: null,
            ...(withMeta && message.meta !== undefined ? { meta: message.meta } : {}),
          })),
      ]),
    );
    return json(response, 200, { status: 200, error: false, error_message: '', channels: answer });
  }

  // Publishes travel in the URL by default: allow URLs past Node's 16 KiB header limit so a
  // message near PubNub's 32 KiB (percent-encoded, up to three times longer) reaches the size check.
  const server = createServer({ maxHeaderSize: 128 * 1024 }, (request, response) => {
    void (async () => {
      if (applyCors(request, response, options.allowedOrigins)) return;
      const url = new URL(request.url ?? '/', 'http://relay');
      const segments = url.pathname
        .split('/')
        .filter((segment, index) => index > 0 || segment !== '');
      const [first, second] = segments;
      if (first === 'time') return json(response, 200, [clock.next()]);
      if (first === 'v2' && second === 'subscribe')
        return subscribe(request, response, url, segments);
      if (first === 'publish') return publish(request, response, url, segments);
      if (first === 'v2' && second === 'presence') return presenceCall(response, url, segments);
      if (first === 'v3' && second === 'history') return history(response, url, segments);
      if (first === 'health') return json(response, 200, { status: 'ok' });
      return json(response, 404, { status: 404, error: true, message: 'Not Found' });
    })().catch((error: unknown) => {
      console.error('relay: request failed', error);
      if (!response.headersSent)
        json(response, 500, { status: 500, error: true, message: 'Internal Error' });
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
    close(): Promise<void> {
      clearInterval(sweeper);
      longPolls.clear();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
    /** For the simulator in the same process: publish without HTTP. */
    publish(channel: string, payload: unknown, publisher = 'gavel-simulator'): string {
      return append({ channel, payload, publisher });
    },
  };
}

export type Relay = ReturnType<typeof createRelay>;
