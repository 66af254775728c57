// The embedded relay: the subset of PubNub's HTTP protocol the JS SDK uses (time, subscribe
// long-poll, publish, presence, history), for development and tests. Never for production.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { inflateSync, gunzipSync } from 'node:zlib';
import { createChannelLog, type LoggedMessage } from './channel-log.ts';
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

interface Waiter {
  channels: Set<string>;
  after: string;
  flush: () => boolean;
}

const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
};

/** The body, inflated; null when it exceeds `limit` (also once inflated); throws when corrupt. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit * 4) return null;
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  const encoding = request.headers['content-encoding'];
  // Cap what a compressed body may inflate to: a small bomb must not take the relay's memory.
  const inflateOptions = { maxOutputLength: limit + 1 };
  try {
    if (encoding === 'deflate') return inflateSync(body, inflateOptions);
    if (encoding === 'gzip') return gunzipSync(body, inflateOptions);
  } catch (error) {
    // Checked by code, not class: the error may come from another realm (tests).
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new SyntaxError('The body is not valid compressed data');
  }
  return body;
}

export function createRelay(options: RelayOptions) {
  const now = options.now ?? Date.now;
  const clock = createTimetokenClock(now);
  const log = createChannelLog();
  const presence = createPresence(now);
  const waiters = new Set<Waiter>();
  const longPollMs = options.longPollMs ?? 280_000;
  const maxPerPoll = options.maxMessagesPerPoll ?? 100;

  function append(message: Omit<LoggedMessage, 'timetoken'>): string {
    const timetoken = clock.next();
    log.append({ ...message, timetoken });
    for (const waiter of waiters) if (waiter.channels.has(message.channel)) waiter.flush();
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

  function cors(request: IncomingMessage, response: ServerResponse): boolean {
    const origin = request.headers.origin;
    if (origin && options.allowedOrigins.includes(origin)) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'origin');
      response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
      response.setHeader('access-control-allow-headers', 'content-type, content-encoding');
      response.setHeader('access-control-max-age', '600');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return true;
    }
    return false;
  }

  function subscribe(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    segments: string[],
  ) {
    const [, , subscribeKey, channelSegment = ','] = segments;
    if (subscribeKey !== options.subscribeKey)
      return json(response, 403, { status: 403, error: true, message: 'Forbidden' });
    const channels = parseChannels(channelSegment);
    const uuid = url.searchParams.get('uuid') ?? 'anonymous';
    const heartbeat = Number(url.searchParams.get('heartbeat') ?? NaN);
    const tt = url.searchParams.get('tt');
    const watched = channels.filter((channel) => !isPresenceChannel(channel));

    if (!isTimetoken(tt) || tt === '0') {
      // Handshake: allocate the cursor first, so the subscriber's own join comes after it.
      const cursor = clock.next();
      publishPresence(
        presence.heartbeat(uuid, watched, Number.isFinite(heartbeat) ? heartbeat : undefined),
      );
      return json(response, 200, { t: { t: cursor, r: 1 }, m: [] });
    }
    // An open subscription keeps its uuid present, as with PubNub.
    publishPresence(
      presence.heartbeat(uuid, watched, Number.isFinite(heartbeat) ? heartbeat : undefined),
    );

    const waiter: Waiter = {
      channels: new Set(channels),
      after: tt,
      flush: () => {
        const messages = log.since(waiter.channels, waiter.after, maxPerPoll);
        if (messages.length === 0) return false;
        finish(
          messages.at(-1)!.timetoken,
          messages.map((message) => toEnvelope(message, options.subscribeKey)),
        );
        return true;
      },
    };
    let done = false;
    const finish = (cursor: string, envelopes: unknown[]) => {
      if (done) return;
      done = true;
      waiters.delete(waiter);
      clearTimeout(timer);
      json(response, 200, { t: { t: cursor, r: 1 }, m: envelopes });
    };
    const timer = setTimeout(() => finish(tt, []), longPollMs);
    request.on('close', () => {
      done = true;
      waiters.delete(waiter);
      clearTimeout(timer);
    });
    if (!waiter.flush()) waiters.add(waiter);
  }

  async function publish(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    segments: string[],
  ) {
    const [, publishKey, subscribeKey, , channelSegment = '', , ...payloadSegments] = segments;
    if (publishKey !== options.publishKey || subscribeKey !== options.subscribeKey) {
      return json(response, 403, {
        status: 403,
        error: true,
        message: 'Forbidden',
        service: 'Access Manager',
      });
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
    if (subscribeKey !== options.subscribeKey)
      return json(response, 403, { status: 403, error: true, message: 'Forbidden' });
    const channels = parseChannels(channelSegment).filter((channel) => !isPresenceChannel(channel));
    const uuid = url.searchParams.get('uuid') ?? 'anonymous';
    if (action === 'heartbeat') {
      const timeout = Number(url.searchParams.get('heartbeat') ?? NaN);
      publishPresence(
        presence.heartbeat(uuid, channels, Number.isFinite(timeout) ? timeout : undefined),
      );
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
    if (subscribeKey !== options.subscribeKey)
      return json(response, 403, { status: 403, error: true, message: 'Forbidden' });
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
      if (cors(request, response)) return;
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
      for (const waiter of waiters) waiters.delete(waiter);
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
