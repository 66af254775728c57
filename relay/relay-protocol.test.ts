/** @jest-environment node */
// The relay driven by a second, independent client: plain HTTP requests as PubNub's SDKs send
// them (the Python SDK's included), answers checked against the shapes PubNub documents. One
// table row per request; each names the documentation page its expected answer comes from.
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import { createRelay, type Relay } from './server.ts';
import { raw } from './test-http.ts';

const docs = 'https://www.pubnub.com/docs/sdks/rest-api';
const seventeenDigits = expect.stringMatching(/^\d{17}$/);
const timetoken = seventeenDigits;

/** The refusal of a feature the relay does not implement: PubNub's error shape, a 400. */
const refusal = {
  status: 400,
  error: true,
  message: expect.stringContaining('not supported by the embedded relay'),
  service: expect.any(String),
};
/** A malformed request, refused in PubNub's error shape. */
const invalid = {
  status: 400,
  error: true,
  message: expect.any(String),
  service: expect.any(String),
};
const historyOk = { status: 200, error: false, error_message: '' };
const presenceOk = { status: 200, message: 'OK', service: 'Presence' };

interface World {
  port: number;
  /** Timetokens of messages {n: 1} … {n: 5} published on `bids` by `py-publisher`. */
  published: string[];
}

interface Fixture {
  name: string;
  /** Where PubNub documents the request and its answer. */
  doc: string;
  given?: (world: World) => Promise<unknown>;
  method?: string;
  path: string | ((world: World) => string);
  headers?: Record<string, string>;
  body?: Buffer | string;
  status: number;
  /** The answer's JSON, as a Jest matcher. */
  answer: unknown;
  /** The answer's exact text, where JSON.parse would hide a difference. */
  text?: RegExp;
  /** What must hold after the request (deliveries, history). */
  then?: (world: World) => Promise<void>;
}

const json = async (port: number, method: string, path: string) => {
  const answer = await raw(port, method, path);
  return JSON.parse(answer.body) as Record<string, unknown>;
};
const history = async ({ port }: World, channel = 'bids') =>
  (
    (await json(port, 'GET', `/v3/history/sub-key/embedded-sub/channel/${channel}`))
      .channels as Record<string, { message: unknown }[]>
  )[channel]?.map((entry) => entry.message) ?? [];
const numbers = (...values: number[]) => values.map((n) => ({ n }));
const publishPath = (channel: string, message: unknown, query = 'uuid=py-publisher') =>
  `/publish/embedded-pub/embedded-sub/0/${channel}/0/${encodeURIComponent(JSON.stringify(message))}?${query}`;
const postPath = (query = 'uuid=py-publisher') =>
  `/publish/embedded-pub/embedded-sub/0/bids/0?${query}`;
const get = (world: World, path: string) => raw(world.port, 'GET', path);
const heartbeat = (world: World, uuid: string, channels: string, query = '') =>
  get(
    world,
    `/v2/presence/sub-key/embedded-sub/channel/${channels}/heartbeat?heartbeat=300&uuid=${uuid}${query}`,
  );
const setState = (world: World, uuid: string, channels: string, state: unknown) =>
  get(
    world,
    `/v2/presence/sub-key/embedded-sub/channel/${channels}/uuid/${uuid}/data?uuid=${uuid}&state=${encodeURIComponent(JSON.stringify(state))}`,
  );
/** A subscriber's long-poll from `after`: what it is handed. */
const delivered = async (world: World, after: string) =>
  (
    (
      await json(
        world.port,
        'GET',
        `/v2/subscribe/embedded-sub/bids/0?uuid=watcher&tt=${after}&tr=1`,
      )
    ).m as { d: unknown }[]
  ).map((envelope) => envelope.d);

const fixtures: Fixture[] = [
  // Time: PubNub answers a one-number array (what its Python SDK reads as an int), 17 digits
  // written exactly, though they exceed a JS number: not a string.
  {
    name: 'time',
    doc: docs,
    path: '/time/0',
    status: 200,
    answer: [expect.any(Number)],
    text: /^\[\d{17}\]$/,
  },

  // Publish.
  {
    name: 'publish by GET',
    doc: `${docs}/publish-message-to-channel`,
    path: publishPath('bids', { n: 6 }),
    status: 200,
    answer: [1, 'Sent', timetoken],
    then: async (world) => expect(await history(world)).toEqual(numbers(1, 2, 3, 4, 5, 6)),
  },
  ...[
    // The Python SDK's compression: zlib data under a gzip header.
    { encoding: 'gzip', body: deflateSync(JSON.stringify({ n: 6 })), what: 'zlib' },
    { encoding: 'gzip', body: gzipSync(JSON.stringify({ n: 6 })), what: 'gzip' },
    { encoding: 'deflate', body: deflateSync(JSON.stringify({ n: 6 })), what: 'zlib' },
    { encoding: 'deflate', body: gzipSync(JSON.stringify({ n: 6 })), what: 'gzip' },
  ].map(({ encoding, body, what }): Fixture => ({
    name: `publish by POST, ${what} data with Content-Encoding: ${encoding}`,
    doc: `${docs}/publish-message-to-channel-1 (and Common HTTP Request Headers at ${docs})`,
    method: 'POST',
    path: postPath(),
    headers: { 'content-type': 'application/json; charset=UTF-8', 'content-encoding': encoding },
    body,
    status: 200,
    answer: [1, 'Sent', timetoken],
    then: async (world) => expect(await history(world)).toEqual(numbers(1, 2, 3, 4, 5, 6)),
  })),
  {
    name: 'publish by POST, a body that is no compressed data',
    doc: `${docs}/publish-message-to-channel-1`,
    method: 'POST',
    path: postPath(),
    headers: { 'content-encoding': 'gzip' },
    body: 'not compressed',
    status: 400,
    answer: [0, 'Invalid Body', timetoken],
  },
  {
    name: 'publish with store=0: delivered, not stored',
    doc: `${docs}/publish-message-to-channel`,
    path: publishPath('bids', { n: 6 }, 'uuid=py-publisher&store=0'),
    status: 200,
    answer: [1, 'Sent', timetoken],
    then: async (world) => {
      expect(await delivered(world, world.published[4]!)).toEqual(numbers(6));
      expect(await history(world)).toEqual(numbers(1, 2, 3, 4, 5));
    },
  },
  ...['store=0&norep=1', 'store=0&norep=true'].map((query): Fixture => ({
    name: `fire (${query}): answered as sent, delivered to nobody, not stored`,
    doc: `${docs}/publish-message-to-channel-1 (Fire: store=0; Functions only)`,
    path: publishPath('bids', { n: 6 }, `uuid=py-publisher&${query}`),
    status: 200,
    answer: [1, 'Sent', timetoken],
    then: async (world) => {
      await get(world, publishPath('bids', { n: 7 }));
      expect(await delivered(world, world.published[4]!)).toEqual(numbers(7));
      expect(await history(world)).toEqual(numbers(1, 2, 3, 4, 5, 7));
    },
  })),

  // Subscribe: `t.t` a 17-digit string, `r` non-zero.
  {
    name: 'subscribe handshake',
    doc: `${docs}/subscribe-v-2`,
    path: '/v2/subscribe/embedded-sub/bids/0?uuid=py-watcher',
    status: 200,
    answer: { t: { t: seventeenDigits, r: expect.any(Number) }, m: [] },
    then: async (world) => {
      const handshake = await json(world.port, 'GET', '/v2/subscribe/embedded-sub/bids/0?uuid=x');
      expect((handshake.t as { r: number }).r).not.toBe(0);
    },
  },
  {
    name: 'subscribe long-poll from a cursor',
    doc: `${docs}/subscribe-v-2`,
    path: (world) =>
      `/v2/subscribe/embedded-sub/bids/0?uuid=py-watcher&tt=${world.published[2]}&tr=1`,
    status: 200,
    answer: {
      t: { t: seventeenDigits, r: 1 },
      m: [4, 5].map((n) => ({
        a: '1',
        f: 0,
        i: 'py-publisher',
        p: { t: seventeenDigits, r: 1 },
        k: 'embedded-sub',
        c: 'bids',
        d: { n },
      })),
    },
  },
  {
    name: 'subscribe with a channel-group that names a subscribed channel: taken as an echo',
    doc: `${docs}/subscribe-v-2`,
    path: '/v2/subscribe/embedded-sub/bids/0?uuid=py-watcher&channel-group=bids',
    status: 200,
    answer: { t: { t: seventeenDigits, r: 1 }, m: [] },
  },

  // Presence.
  {
    name: 'heartbeat',
    doc: `${docs}/announce-heartbeat`,
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?heartbeat=300&uuid=alice',
    status: 200,
    answer: presenceOk,
  },
  {
    name: 'heartbeat with a channel-group echoing its channel',
    doc: `${docs}/announce-heartbeat`,
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?heartbeat=300&uuid=alice&channel-group=bids',
    status: 200,
    answer: presenceOk,
  },
  {
    name: 'leave',
    doc: `${docs}/announce-leave-1`,
    given: (world) => heartbeat(world, 'alice', 'bids'),
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/leave?uuid=alice',
    status: 200,
    answer: { ...presenceOk, action: 'leave' },
  },
  {
    name: 'here-now, one channel',
    doc: `${docs}/check-present-users`,
    given: (world) => heartbeat(world, 'alice', 'bids'),
    path: '/v2/presence/sub-key/embedded-sub/channel/bids?uuid=bob',
    status: 200,
    answer: { ...presenceOk, occupancy: 1, uuids: ['alice'] },
  },
  {
    name: 'here-now, several channels',
    doc: `${docs}/check-present-users`,
    given: (world) => heartbeat(world, 'alice', 'bids,lots'),
    path: '/v2/presence/sub-key/embedded-sub/channel/bids,sales?uuid=bob',
    status: 200,
    answer: {
      ...presenceOk,
      payload: {
        channels: { bids: { occupancy: 1, uuids: ['alice'] }, sales: { occupancy: 0, uuids: [] } },
        total_channels: 2,
        total_occupancy: 1,
      },
    },
  },
  {
    name: 'here-now, every channel (global)',
    doc: `${docs}/check-present-users`,
    given: (world) => heartbeat(world, 'alice', 'bids,lots'),
    path: '/v2/presence/sub-key/embedded-sub?uuid=bob',
    status: 200,
    answer: {
      ...presenceOk,
      payload: {
        channels: {
          bids: { occupancy: 1, uuids: ['alice'] },
          lots: { occupancy: 1, uuids: ['alice'] },
        },
        total_channels: 2,
        total_occupancy: 2,
      },
    },
  },
  {
    name: 'here-now with state=1',
    doc: `${docs}/check-present-users`,
    given: async (world) => {
      await heartbeat(world, 'alice', 'bids');
      await heartbeat(world, 'bob', 'bids');
      await setState(world, 'alice', 'bids', { mood: 'bidding' });
    },
    path: '/v2/presence/sub-key/embedded-sub/channel/bids?uuid=carol&state=1',
    status: 200,
    answer: {
      ...presenceOk,
      occupancy: 2,
      uuids: [{ uuid: 'alice', state: { mood: 'bidding' } }, { uuid: 'bob' }],
    },
  },
  {
    name: 'here-now with disable_uuids=1',
    doc: `${docs}/check-present-users`,
    given: (world) => heartbeat(world, 'alice', 'bids'),
    path: '/v2/presence/sub-key/embedded-sub/channel/bids?uuid=bob&disable_uuids=1',
    status: 200,
    answer: { ...presenceOk, occupancy: 1 },
  },
  {
    name: 'where-now',
    doc: `${docs}/check-where-user-is-present`,
    given: (world) => heartbeat(world, 'alice', 'bids,lots'),
    path: '/v2/presence/sub-key/embedded-sub/uuid/alice?uuid=bob',
    status: 200,
    answer: { ...presenceOk, payload: { channels: ['bids', 'lots'] } },
  },
  {
    name: 'where-now of a uuid present nowhere',
    doc: `${docs}/check-where-user-is-present`,
    path: '/v2/presence/sub-key/embedded-sub/uuid/nobody?uuid=bob',
    status: 200,
    answer: { ...presenceOk, payload: { channels: [] } },
  },
  {
    name: 'set state',
    doc: `${docs}/set-user-state`,
    given: (world) => heartbeat(world, 'alice', 'bids,lots'),
    path: `/v2/presence/sub-key/embedded-sub/channel/bids,lots/uuid/alice/data?uuid=alice&state=${encodeURIComponent('{"mood":"bidding","paddle":7}')}`,
    status: 200,
    answer: { ...presenceOk, payload: { mood: 'bidding', paddle: 7 } },
  },
  {
    name: 'set state that is no JSON object',
    doc: `${docs}/set-user-state`,
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/uuid/alice/data?uuid=alice&state=%5B1%5D',
    status: 400,
    answer: invalid,
  },
  {
    name: 'get state, one channel',
    doc: `${docs}/get-user-state`,
    given: async (world) => {
      await heartbeat(world, 'alice', 'bids');
      await setState(world, 'alice', 'bids', { mood: 'bidding' });
    },
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/uuid/alice?uuid=bob',
    status: 200,
    answer: { ...presenceOk, payload: { mood: 'bidding' }, uuid: 'alice', channel: 'bids' },
  },
  {
    name: 'get state, several channels',
    doc: `${docs}/get-user-state`,
    given: async (world) => {
      await heartbeat(world, 'alice', 'bids,lots');
      await setState(world, 'alice', 'bids', { mood: 'bidding' });
    },
    path: '/v2/presence/sub-key/embedded-sub/channel/bids,lots/uuid/alice?uuid=bob',
    status: 200,
    answer: {
      ...presenceOk,
      payload: { channels: { bids: { mood: 'bidding' }, lots: {} } },
      uuid: 'alice',
    },
  },
  {
    name: 'get state after the uuid left: gone with its presence',
    doc: `${docs}/get-user-state`,
    given: async (world) => {
      await heartbeat(world, 'alice', 'bids');
      await setState(world, 'alice', 'bids', { mood: 'bidding' });
      await get(world, '/v2/presence/sub-key/embedded-sub/channel/bids/leave?uuid=alice');
    },
    path: '/v2/presence/sub-key/embedded-sub/channel/bids/uuid/alice?uuid=bob',
    status: 200,
    answer: { ...presenceOk, payload: {}, uuid: 'alice', channel: 'bids' },
  },

  // Message Persistence.
  {
    name: 'fetch history',
    doc: `${docs}/get-message-history`,
    path: '/v3/history/sub-key/embedded-sub/channel/bids?max=2&include_uuid=true&include_message_type=true',
    status: 200,
    answer: {
      ...historyOk,
      channels: {
        bids: [4, 5].map((n) => ({
          message: { n },
          timetoken: seventeenDigits,
          uuid: 'py-publisher',
          message_type: null,
        })),
      },
    },
  },
  {
    name: 'message counts, one timetoken for every channel (exclusive)',
    doc: `${docs}/get-message-count`,
    path: (world) =>
      `/v3/history/sub-key/embedded-sub/message-counts/bids,lots?timetoken=${world.published[1]}`,
    status: 200,
    answer: { ...historyOk, channels: { bids: 3, lots: 0 }, more: {} },
  },
  {
    name: 'message counts, one timetoken per channel',
    doc: `${docs}/get-message-count`,
    path: (world) =>
      `/v3/history/sub-key/embedded-sub/message-counts/bids,lots?channelsTimetoken=${world.published[3]}%2C0`,
    status: 200,
    answer: { ...historyOk, channels: { bids: 1, lots: 0 }, more: {} },
  },
  ...['', '?timetoken=1&channelsTimetoken=1,1', '?channelsTimetoken=1', '?timetoken=soon'].map(
    (query): Fixture => ({
      name: `message counts refused: "${query}"`,
      doc: `${docs}/get-message-count`,
      path: `/v3/history/sub-key/embedded-sub/message-counts/bids,lots${query}`,
      status: 400,
      answer: invalid,
    }),
  ),
  {
    name: 'delete a range: end inclusive, start exclusive',
    doc: `${docs}/delete-message-history`,
    method: 'DELETE',
    path: (world) =>
      `/v3/history/sub-key/embedded-sub/channel/bids?end=${world.published[1]}&start=${world.published[3]}`,
    status: 200,
    answer: historyOk,
    then: async (world) => expect(await history(world)).toEqual(numbers(1, 4, 5)),
  },
  {
    name: 'delete one message (end = its timetoken, start = its timetoken + 1)',
    doc: `${docs}/delete-message-history`,
    method: 'DELETE',
    path: (world) =>
      `/v3/history/sub-key/embedded-sub/channel/bids?end=${world.published[2]}&start=${BigInt(world.published[2]!) + 1n}`,
    status: 200,
    answer: historyOk,
    then: async (world) => expect(await history(world)).toEqual(numbers(1, 2, 4, 5)),
  },
  {
    name: 'delete everything before start',
    doc: `${docs}/delete-message-history`,
    method: 'DELETE',
    path: (world) => `/v3/history/sub-key/embedded-sub/channel/bids?start=${world.published[2]}`,
    status: 200,
    answer: historyOk,
    then: async (world) => expect(await history(world)).toEqual(numbers(3, 4, 5)),
  },
  {
    name: 'delete the whole channel',
    doc: `${docs}/delete-message-history`,
    method: 'DELETE',
    path: '/v3/history/sub-key/embedded-sub/channel/bids',
    status: 200,
    answer: historyOk,
    then: async (world) => expect(await history(world)).toEqual([]),
  },

  // What the relay does not implement: refused, never a success.
  {
    name: 'subscribe with filter-expr',
    doc: `${docs}/subscribe-v-2 (filter-expr)`,
    path: `/v2/subscribe/embedded-sub/bids/0?uuid=py-watcher&filter-expr=${encodeURIComponent("meta.lot == 'lot-0001'")}`,
    status: 400,
    answer: refusal,
  },
  {
    name: 'subscribe to channel groups only',
    doc: `${docs}/subscribe-v-2 (channel-group)`,
    path: '/v2/subscribe/embedded-sub/,/0?uuid=py-watcher&channel-group=auctions',
    status: 400,
    answer: refusal,
  },
  {
    name: 'subscribe to a channel and a channel group',
    doc: `${docs}/subscribe-v-2 (channel-group)`,
    path: '/v2/subscribe/embedded-sub/bids/0?uuid=py-watcher&channel-group=auctions',
    status: 400,
    answer: refusal,
  },
  {
    name: 'heartbeat of channel groups only',
    doc: `${docs}/announce-heartbeat`,
    path: '/v2/presence/sub-key/embedded-sub/channel/,/heartbeat?heartbeat=300&uuid=alice&channel-group=auctions',
    status: 400,
    answer: refusal,
  },
  {
    name: 'here-now of a channel group',
    doc: `${docs}/check-present-users`,
    path: '/v2/presence/sub-key/embedded-sub/channel/,?uuid=alice&channel-group=auctions',
    status: 400,
    answer: refusal,
  },
  ...[
    '/v1/channel-registration/sub-key/embedded-sub/channel-group/auctions?add=bids&uuid=py',
    '/v1/channel-registration/sub-key/embedded-sub/channel-group/auctions?uuid=py',
    '/v1/channel-registration/sub-key/embedded-sub/channel-group?uuid=py',
    '/v1/channel-registration/sub-key/embedded-sub/channel-group/auctions/remove?uuid=py',
  ].map((path): Fixture => ({
    name: `channel-group management: ${path}`,
    doc: `${docs}/get-add-remove-channels-from-channel-groups`,
    path,
    status: 400,
    answer: { ...refusal, message: 'Channel groups is not supported by the embedded relay' },
  })),
  ...[
    '/v1/files/embedded-sub/channels/bids/files',
    '/signal/embedded-pub/embedded-sub/0/bids/0/1',
  ].map((path): Fixture => ({
    name: `a path the relay does not know: ${path}`,
    doc: docs,
    path,
    status: 404,
    answer: { ...refusal, status: 404 },
  })),
];

let relay: Relay;
let world: World;

beforeEach(async () => {
  relay = createRelay({
    subscribeKey: 'embedded-sub',
    publishKey: 'embedded-pub',
    allowedOrigins: [],
    longPollMs: 300,
  });
  await relay.listen(0, '127.0.0.1');
  world = { port: (relay.server.address() as AddressInfo).port, published: [] };
  for (let n = 1; n <= 5; n += 1) {
    const answer = await get(world, publishPath('bids', { n }));
    world.published.push((JSON.parse(answer.body) as [number, string, string])[2]);
  }
});

afterEach(() => relay.close());

it.each(fixtures)('$name', async (fixture) => {
  await fixture.given?.(world);
  const path = typeof fixture.path === 'function' ? fixture.path(world) : fixture.path;
  const answer = await raw(world.port, fixture.method ?? 'GET', path, {
    headers: fixture.headers,
    body: fixture.body,
  });
  expect({ status: answer.status, answer: JSON.parse(answer.body) as unknown }).toEqual({
    status: fixture.status,
    answer: fixture.answer,
  });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  if (fixture.text) expect(answer.body).toMatch(fixture.text);
  await fixture.then?.(world);
  expect(fixture.doc).toMatch(/^https:\/\/www\.pubnub\.com\/docs\/sdks\/rest-api/);
});
