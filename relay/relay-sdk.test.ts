/** @jest-environment node */
// The embedded relay against the real PubNub SDK, as the console and the simulator use it.
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import PubNub from 'pubnub';
import { sleep, waitFor } from '@/testing/wait-for';
import { createRelay, type Relay } from './server.ts';
import { raw } from './test-http.ts';

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };
const consoleOrigin = 'http://localhost:3000';
const seventeenDigits = /^\d{17}$/;

jest.setTimeout(15_000);

/** Uuids whose leave reached a relay: a client's last request, awaited before the relay closes. */
const leaves: string[] = [];

async function startRelay(port = 0, now?: () => number) {
  const relay = createRelay({ ...keys, allowedOrigins: [consoleOrigin], longPollMs: 2000, now });
  relay.server.on('request', (incoming) => {
    const url = new URL(incoming.url ?? '/', 'http://relay');
    if (url.pathname.endsWith('/leave')) leaves.push(url.searchParams.get('uuid') ?? '');
  });
  await relay.listen(port, '127.0.0.1');
  return { relay, port: (relay.server.address() as AddressInfo).port };
}

interface Heard {
  messages: PubNub.Subscription.Message[];
  presence: { channel: string; action: string; uuid?: string; occupancy?: number }[];
  statuses: string[];
}

const clients: PubNub[] = [];

/** A Node client of the relay on `port`, with everything its listener heard. */
function connect(port: number, userId: string, extra: Partial<PubNub.PubNubConfiguration> = {}) {
  const pubnub = new PubNub({
    ...keys,
    userId,
    origin: `127.0.0.1:${port}`,
    ssl: false,
    keepAlive: true,
    ...extra,
  });
  clients.push(pubnub);
  const heard: Heard = { messages: [], presence: [], statuses: [] };
  pubnub.addListener({
    message: (message) => heard.messages.push(message),
    presence: (event) =>
      heard.presence.push({
        channel: event.channel,
        action: event.action,
        uuid: 'uuid' in event ? event.uuid : undefined,
        occupancy: 'occupancy' in event ? event.occupancy : undefined,
      }),
    status: (status) => heard.statuses.push(status.category),
  });
  return { pubnub, heard };
}

async function subscribed(
  client: ReturnType<typeof connect>,
  channels: string[],
  withPresence = false,
) {
  client.pubnub.subscribe({ channels, withPresence });
  await waitFor(`${client.pubnub.getUserId()} connected`, () =>
    client.heard.statuses.includes('PNConnectedCategory'),
  );
}

/** What a rejected SDK call reports. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    const status = (error as { status?: { statusCode?: number; category?: string } }).status;
    return { statusCode: status?.statusCode, category: status?.category };
  }
  throw new Error('expected the call to be refused');
}

const publishPath = (channel: string, payload: unknown, query = 'uuid=raw-publisher') =>
  `/publish/embedded-pub/embedded-sub/0/${encodeURIComponent(channel)}/0/${encodeURIComponent(
    JSON.stringify(payload),
  )}?${query}`;
const postPath = (channel: string) =>
  `/publish/embedded-pub/embedded-sub/0/${encodeURIComponent(channel)}/0?uuid=raw-publisher`;

let relay: Relay;
let port: number;

beforeEach(async () => {
  ({ relay, port } = await startRelay());
});

afterEach(async () => {
  const leaving = clients.filter((pubnub) => pubnub.getSubscribedChannels().length > 0);
  for (const pubnub of clients.splice(0)) {
    pubnub.unsubscribeAll();
    pubnub.destroy(true);
  }
  // A leave refused by a closed relay is retried by a client with a retry policy: ~25 s of timers.
  await waitFor(
    'the leaves',
    () => leaving.every((pubnub) => leaves.includes(pubnub.getUserId())),
    2000,
  );
  leaves.length = 0;
  await relay.close();
});

describe('subscribe and publish', () => {
  it('delivers SDK, raw GET and deflated POST publishes exactly once, in order, with string timetokens', async () => {
    const seen: { method: string; encoding?: string }[] = [];
    relay.server.on('request', (incoming) => {
      if (incoming.url?.startsWith('/publish/'))
        seen.push({ method: incoming.method!, encoding: incoming.headers['content-encoding'] });
    });
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids'], true);
    const publisher = connect(port, 'publisher');

    const published: string[] = [];
    for (let n = 1; n <= 20; n += 1) {
      const { timetoken } = await publisher.pubnub.publish({ channel: 'bids', message: { n } });
      published.push(String(timetoken));
    }
    for (let n = 21; n <= 23; n += 1) {
      const answer = await raw(port, 'GET', publishPath('bids', { n }));
      expect(answer.status).toBe(200);
      const [ok, text, timetoken] = JSON.parse(answer.body) as [number, string, string];
      expect([ok, text]).toEqual([1, 'Sent']);
      published.push(timetoken);
    }
    for (let n = 24; n <= 26; n += 1) {
      // v12 takes sendByPost per publish (a sendByPost key in the configuration is ignored).
      const { timetoken } = await publisher.pubnub.publish({
        channel: 'bids',
        message: { n },
        sendByPost: true,
      });
      published.push(String(timetoken));
    }
    const deflated = await raw(port, 'POST', postPath('bids'), {
      headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' },
      body: deflateSync(JSON.stringify({ n: 27 })),
    });
    expect(deflated.status).toBe(200);
    published.push((JSON.parse(deflated.body) as [number, string, string])[2]);

    await waitFor('27 messages', () => alice.heard.messages.length >= 27);
    // Another long-poll round: nothing is delivered twice.
    await sleep(300);
    const messages = alice.heard.messages;
    expect(messages.map((message) => message.message)).toEqual(
      Array.from({ length: 27 }, (_, index) => ({ n: index + 1 })),
    );
    expect(messages.map((message) => message.timetoken)).toEqual(published);
    for (const timetoken of published) {
      expect(typeof timetoken).toBe('string');
      expect(timetoken).toMatch(seventeenDigits);
    }
    for (let index = 1; index < published.length; index += 1) {
      expect(BigInt(published[index]!) > BigInt(published[index - 1]!)).toBe(true);
    }
    expect(new Set(messages.map((message) => message.channel))).toEqual(new Set(['bids']));
    expect(messages.map((message) => message.publisher)).toEqual([
      ...Array<string>(20).fill('publisher'),
      ...Array<string>(3).fill('raw-publisher'),
      ...Array<string>(3).fill('publisher'),
      'raw-publisher',
    ]);
    expect(seen.slice(20)).toEqual([
      { method: 'GET', encoding: undefined },
      { method: 'GET', encoding: undefined },
      { method: 'GET', encoding: undefined },
      { method: 'POST', encoding: 'deflate' },
      { method: 'POST', encoding: 'deflate' },
      { method: 'POST', encoding: 'deflate' },
      { method: 'POST', encoding: 'deflate' },
    ]);
    expect(alice.heard.statuses).toEqual(['PNConnectedCategory']);
  });

  it('delivers a burst larger than one subscribe answer to every subscriber, in order', async () => {
    const alice = connect(port, 'alice');
    const bob = connect(port, 'bob');
    await subscribed(alice, ['bids']);
    await subscribed(bob, ['bids', 'lots']);
    for (let n = 1; n <= 250; n += 1) relay.publish(n % 5 === 0 ? 'lots' : 'bids', { n });

    const bidsOnly = Array.from({ length: 250 }, (_, index) => index + 1).filter(
      (n) => n % 5 !== 0,
    );
    await waitFor('alice: 200 bids', () => alice.heard.messages.length >= 200);
    await waitFor('bob: 250 messages', () => bob.heard.messages.length >= 250);
    await sleep(200);
    expect(alice.heard.messages.map((message) => (message.message as { n: number }).n)).toEqual(
      bidsOnly,
    );
    expect(bob.heard.messages.map((message) => (message.message as { n: number }).n)).toEqual(
      Array.from({ length: 250 }, (_, index) => index + 1),
    );
    expect(bob.heard.messages[4]).toMatchObject({ channel: 'lots', publisher: 'gavel-simulator' });
  });

  it('carries meta and the custom message type to subscribers and history', async () => {
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids']);
    const { timetoken } = await alice.pubnub.publish({
      channel: 'bids',
      message: { n: 1 },
      meta: { lot: 'lot-0001' },
      customMessageType: 'bid-placed',
    });
    await waitFor('the message', () => alice.heard.messages.length === 1, 2000);
    expect(alice.heard.messages[0]).toMatchObject({
      message: { n: 1 },
      userMetadata: { lot: 'lot-0001' },
      customMessageType: 'bid-placed',
      timetoken: String(timetoken),
    });
    const history = await alice.pubnub.fetchMessages({ channels: ['bids'], includeMeta: true });
    expect(history.channels.bids).toEqual([
      expect.objectContaining({
        message: { n: 1 },
        meta: { lot: 'lot-0001' },
        timetoken: String(timetoken),
      }),
    ]);
  });

  it('keeps the SDK connected through an empty long-poll answer, and it still receives', async () => {
    const polls: string[] = [];
    relay.server.on('request', (incoming) => {
      const url = new URL(incoming.url ?? '/', 'http://relay');
      if (url.pathname.startsWith('/v2/subscribe/')) polls.push(url.searchParams.get('tt') ?? '');
    });
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids']);
    await waitFor('the first long-poll', () => polls.length >= 2);
    const waiting = polls.at(-1)!;

    // No traffic for longer than longPollMs (2 s): the relay answers empty with the same cursor.
    await waitFor(
      'a second poll with the same cursor',
      () => polls.filter((tt) => tt === waiting).length >= 2,
      3500,
    );
    expect(waiting).toMatch(seventeenDigits);

    const { timetoken } = await alice.pubnub.publish({
      channel: 'bids',
      message: 'after the silence',
    });
    await waitFor('the message after the silence', () => alice.heard.messages.length === 1, 2000);
    expect(alice.heard.messages[0]).toMatchObject({
      message: 'after the silence',
      timetoken: String(timetoken),
    });
    expect(alice.heard.statuses).toEqual(['PNConnectedCategory']);
  });
});

describe('presence', () => {
  it('announces joins and leaves with occupancy, and answers here-now', async () => {
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids'], true);
    await waitFor('alice sees her own join', () => alice.heard.presence.length >= 1);
    expect(alice.heard.presence).toEqual([
      { channel: 'bids', action: 'join', uuid: 'alice', occupancy: 1 },
    ]);

    const bob = connect(port, 'bob');
    await subscribed(bob, ['bids']);
    await waitFor("bob's join", () => alice.heard.presence.length >= 2);
    expect(alice.heard.presence[1]).toEqual({
      channel: 'bids',
      action: 'join',
      uuid: 'bob',
      occupancy: 2,
    });

    const together = await alice.pubnub.hereNow({ channels: ['bids'] });
    expect(together.totalOccupancy).toBe(2);
    expect(together.channels.bids!.occupancy).toBe(2);
    expect(together.channels.bids!.occupants.map((occupant) => occupant.uuid).sort()).toEqual([
      'alice',
      'bob',
    ]);

    bob.pubnub.unsubscribeAll();
    await waitFor("bob's leave", () => alice.heard.presence.length >= 3);
    expect(alice.heard.presence[2]).toEqual({
      channel: 'bids',
      action: 'leave',
      uuid: 'bob',
      occupancy: 1,
    });

    const alone = await alice.pubnub.hereNow({ channels: ['bids'] });
    expect(alone.totalOccupancy).toBe(1);
    expect(alone.channels.bids!.occupants.map((occupant) => occupant.uuid)).toEqual(['alice']);
    await sleep(200);
    expect(alice.heard.presence).toHaveLength(3);
  });

  it("times a uuid out after its own heartbeat timeout, on the relay's clock", async () => {
    await relay.close();
    // A relay clock that only moves when told (timetokens then come from its counter).
    let relayClock = Date.now();
    ({ relay, port } = await startRelay(0, () => relayClock));
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids'], true);
    const beat = await raw(
      port,
      'GET',
      '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?heartbeat=20&uuid=ghost',
    );
    expect(beat.status).toBe(200);
    await waitFor("ghost's join", () => alice.heard.presence.length >= 2, 2000);

    relayClock += 19_999;
    await sleep(1200); // the sweep runs every second
    expect(alice.heard.presence).toHaveLength(2);
    relayClock += 1;
    await waitFor("ghost's timeout", () => alice.heard.presence.length >= 3, 2500);
    expect(alice.heard.presence).toEqual([
      { channel: 'bids', action: 'join', uuid: 'alice', occupancy: 1 },
      { channel: 'bids', action: 'join', uuid: 'ghost', occupancy: 2 },
      { channel: 'bids', action: 'timeout', uuid: 'ghost', occupancy: 1 },
    ]);
    const answer = await alice.pubnub.hereNow({ channels: ['bids'] });
    expect(answer.channels.bids!.occupants.map((occupant) => occupant.uuid)).toEqual(['alice']);
  });

  it('answers here-now for several channels', async () => {
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids', 'lots']);
    const bob = connect(port, 'bob');
    await subscribed(bob, ['bids']);
    const answer = await alice.pubnub.hereNow({ channels: ['bids', 'lots', 'sales'] });
    expect(answer.totalChannels).toBe(3);
    expect(answer.totalOccupancy).toBe(3);
    expect(answer.channels.bids!.occupancy).toBe(2);
    expect(answer.channels.lots!.occupants.map((occupant) => occupant.uuid)).toEqual(['alice']);
    expect(answer.channels.sales!.occupancy).toBe(0);
  });
});

describe('history', () => {
  it('fetchMessages answers from an end timetoken (inclusive), before a start (exclusive), or the newest', async () => {
    const publisher = connect(port, 'publisher');
    const timetokens: string[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const { timetoken } = await publisher.pubnub.publish({ channel: 'bids', message: { n } });
      timetokens.push(String(timetoken));
    }
    const fetched = async (parameters: { end?: string; start?: string; count?: number }) => {
      const answer = await publisher.pubnub.fetchMessages({ channels: ['bids'], ...parameters });
      return (answer.channels.bids ?? []).map((entry) => ({
        n: (entry.message as { n: number }).n,
        timetoken: entry.timetoken,
        uuid: entry.uuid,
      }));
    };
    const entries = (...numbers: number[]) =>
      numbers.map((n) => ({ n, timetoken: timetokens[n - 1], uuid: 'publisher' }));

    expect(await fetched({ end: timetokens[3]! })).toEqual(entries(4, 5, 6));
    expect(await fetched({ end: timetokens[1]!, count: 2 })).toEqual(entries(2, 3));
    expect(await fetched({ start: timetokens[3]! })).toEqual(entries(1, 2, 3));
    expect(await fetched({ count: 2 })).toEqual(entries(5, 6));
    expect(await fetched({})).toEqual(entries(1, 2, 3, 4, 5, 6));
  });
});

describe('refusals', () => {
  it('refuses a publish with a wrong publish key, and stores nothing', async () => {
    const intruder = connect(port, 'intruder', { publishKey: 'wrong-pub' });
    expect(await refusal(intruder.pubnub.publish({ channel: 'bids', message: { n: 1 } }))).toEqual({
      statusCode: 403,
      category: 'PNAccessDeniedCategory',
    });
    const history = await intruder.pubnub.fetchMessages({ channels: ['bids'] });
    expect(history.channels.bids ?? []).toEqual([]);
  });

  const overLimit = 'x'.repeat(32 * 1024); // 32 KiB + 2 quotes of JSON

  it('refuses an SDK POST publish over 32 KiB with 413', async () => {
    const publisher = connect(port, 'publisher');
    expect(
      await refusal(
        publisher.pubnub.publish({ channel: 'bids', message: overLimit, sendByPost: true }),
      ),
    ).toEqual({
      statusCode: 413,
      category: 'PNUnknownCategory',
    });
  });

  it.each<{
    name: string;
    method: string;
    path: () => string;
    headers: Record<string, string>;
    body: () => Buffer | string | undefined;
  }>([
    {
      name: 'plain POST',
      method: 'POST',
      path: () => postPath('bids'),
      headers: {},
      body: () => JSON.stringify(overLimit),
    },
    {
      name: 'deflated POST',
      method: 'POST',
      path: () => postPath('bids'),
      headers: { 'content-encoding': 'deflate' },
      body: () => deflateSync(JSON.stringify(overLimit)),
    },
    // Fails: Node's default 16 KiB header limit answers 431 before the relay sees the request.
    {
      name: 'GET',
      method: 'GET',
      path: () => publishPath('bids', overLimit),
      headers: {},
      body: () => undefined,
    },
  ])(
    'refuses a $name publish over 32 KiB with a JSON 413',
    async ({ method, path, headers, body }) => {
      const answer = await raw(port, method, path(), { headers, body: body() });
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toMatch(/json/);
      const [ok, text, timetoken] = JSON.parse(answer.body) as [number, string, string];
      expect([ok, text]).toEqual([0, 'Message Too Large']);
      expect(timetoken).toMatch(seventeenDigits);
    },
  );

  it('accepts a POST publish of exactly 32 KiB', async () => {
    const limit = 'x'.repeat(32 * 1024 - 2);
    const answer = await raw(port, 'POST', postPath('bids'), {
      headers: { 'content-encoding': 'deflate' },
      body: deflateSync(JSON.stringify(limit)),
    });
    expect(answer.status).toBe(200);
    expect(relay.publish('bids', 'next')).toMatch(seventeenDigits);
  });

  // Fails: the SDK publishes by GET unless told otherwise, and a URL over Node's 16 KiB header
  // limit is answered 431 (the SDK reports PNUnknownCategory) though PubNub takes up to 32 KiB.
  it('accepts a GET publish (the SDK default) of 20 KiB, under the 32 KiB limit', async () => {
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids']);
    const message = 'y'.repeat(20 * 1024);
    const answer = await raw(port, 'GET', publishPath('bids', message));
    expect(answer.status).toBe(200);
    await waitFor('the 20 KiB message', () => alice.heard.messages.length === 1, 2000);
    expect(alice.heard.messages[0]!.message).toBe(message);
  });
});

describe('HTTP', () => {
  it.each([
    { origin: consoleOrigin, allowed: true },
    { origin: 'http://evil.example', allowed: false },
    { origin: 'http://localhost:3001', allowed: false },
  ])('answers a preflight from $origin (allowed: $allowed)', async ({ origin, allowed }) => {
    const preflight = await raw(port, 'OPTIONS', postPath('bids'), {
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,content-encoding',
      },
    });
    expect(preflight.status).toBe(204);
    if (allowed) {
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': consoleOrigin,
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': 'content-type, content-encoding',
        vary: 'origin',
      });
    } else {
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    }
    const time = await raw(port, 'GET', '/time/0', { headers: { origin } });
    expect(time.headers['access-control-allow-origin']).toBe(allowed ? consoleOrigin : undefined);
  });

  it.each([
    ['time', 'GET', '/time/0', 200],
    ['publish', 'GET', publishPath('bids', { n: 1 }), 200],
    ['publish, wrong key', 'GET', '/publish/nope/embedded-sub/0/bids/0/1', 403],
    ['publish, invalid JSON', 'GET', '/publish/embedded-pub/embedded-sub/0/bids/0/%7Bnot', 400],
    [
      'heartbeat',
      'GET',
      '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?heartbeat=300&uuid=raw',
      200,
    ],
    ['leave', 'GET', '/v2/presence/sub-key/embedded-sub/channel/bids/leave?uuid=raw', 200],
    ['here now', 'GET', '/v2/presence/sub-key/embedded-sub/channel/bids?uuid=raw', 200],
    ['here now, wrong key', 'GET', '/v2/presence/sub-key/nope/channel/bids?uuid=raw', 403],
    ['history', 'GET', '/v3/history/sub-key/embedded-sub/channel/bids?max=10', 200],
    ['history, wrong key', 'GET', '/v3/history/sub-key/nope/channel/bids', 403],
    ['subscribe, wrong key', 'GET', '/v2/subscribe/nope/bids/0?uuid=raw', 403],
    ['health', 'GET', '/health', 200],
    ['unknown', 'GET', '/v1/files/embedded-sub', 404],
  ])(
    'answers %s with %s %s: status %i and a JSON content type',
    async (_name, method, path, status) => {
      const answer = await raw(port, method, path);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(() => JSON.parse(answer.body) as unknown).not.toThrow();
    },
  );

  describe('a page on an origin the relay does not serve', () => {
    const writes = [
      ['publishes', 'GET', publishPath('bids', { forged: true })],
      ['deletes history', 'DELETE', '/v3/history/sub-key/embedded-sub/channel/bids'],
      [
        'fakes presence',
        'GET',
        '/v2/presence/sub-key/embedded-sub/channel/bids/heartbeat?heartbeat=300&uuid=ghost',
      ],
    ] as const;
    const foreign = [
      ['an <img> from another site', { 'sec-fetch-site': 'cross-site' }],
      ['a fetch from another origin', { origin: 'http://evil.example' }],
      ['a sandboxed page', { origin: 'null' }],
      ['another port of this host', { origin: 'http://localhost:3001' }],
    ] as const;

    it.each(
      writes.flatMap(([what, method, path]) =>
        foreign.map(([who, headers]) => ({ what, method, path, who, headers })),
      ),
    )(
      'is refused when $who $what (403), and nothing changes',
      async ({ method, path, headers }) => {
        expect((await raw(port, 'GET', publishPath('bids', { kept: true }))).status).toBe(200);
        const answer = await raw(port, method, path, { headers: { ...headers } });
        expect(answer.status).toBe(403);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 403, error: true });
        expect(relay.stored('bids').map((message) => message.payload)).toEqual([{ kept: true }]);
        const here = await raw(port, 'GET', '/v2/presence/sub-key/embedded-sub/channel/bids');
        expect(JSON.parse(here.body)).toMatchObject({ occupancy: 0 });
      },
    );

    it.each([
      ['the console’s own page', { origin: consoleOrigin }],
      ['a same-site subresource', { 'sec-fetch-site': 'same-site' }],
      ['a server, the simulator or a test (no browser headers)', {}],
    ] as const)('is not %s: its publish goes through', async (_who, headers) => {
      const answer = await raw(port, 'GET', publishPath('bids', { n: 1 }), {
        headers: { ...headers },
      });
      expect(answer.status).toBe(200);
      expect(relay.stored('bids')).toHaveLength(1);
    });
  });

  it.each([
    ['a publish payload', '/publish/embedded-pub/embedded-sub/0/bids/0/%E0%A4%A'],
    ['a publish channel', '/publish/embedded-pub/embedded-sub/0/%E0%A4%A/0/1'],
    ['a presence uuid', '/v2/presence/sub-key/embedded-sub/uuid/%E0%A4%A'],
  ])('answers a malformed percent-encoding in %s with 400, not 500', async (_where, path) => {
    const answer = await raw(port, 'GET', path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).not.toMatchObject({ message: 'Internal Error' });
    expect(relay.stored('bids')).toEqual([]);
  });

  it('answers time with a 17-digit JSON number, which the SDK reads', async () => {
    const answer = await raw(port, 'GET', '/time/0');
    expect(answer.body).toMatch(/^\[\d{17}\]$/);
    const { timetoken } = await connect(port, 'timer').pubnub.time();
    // The SDK parses the number as JSON does: close to now, at a JS number's precision.
    expect(typeof timetoken).toBe('number');
    expect(Math.abs(Number(timetoken) / 10_000 - Date.now())).toBeLessThan(5000);
  });
});

describe('relay restart', () => {
  // Jest's node environment runs the SDK in a vm realm but hands it the host's fetch, whose
  // `TypeError: fetch failed` then fails the SDK's `instanceof TypeError` (node-transport.js
  // normalizeNetworkError): a refused connection is classified PNBadRequestCategory, which is not
  // retried, instead of PNNetworkIssuesCategory as in plain Node. Re-create the error in this realm.
  const hostFetch = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (input, init) =>
      hostFetch(input, init).catch((error: unknown) => {
        const foreign = error as { name?: string; message?: string; cause?: unknown };
        if (error instanceof TypeError || foreign?.name !== 'TypeError') throw error;
        throw new TypeError(foreign.message, { cause: foreign.cause });
      });
  });
  afterAll(() => {
    globalThis.fetch = hostFetch;
  });

  it('the SDK resumes on a relay restarted on the same port and receives what was published after', async () => {
    const alice = connect(port, 'alice', {
      retryConfiguration: PubNub.LinearRetryPolicy({ delay: 2, maximumRetry: 10 }),
    });
    await subscribed(alice, ['bids']);
    const { timetoken: before } = await alice.pubnub.publish({
      channel: 'bids',
      message: 'before',
    });
    await waitFor('the message before', () => alice.heard.messages.length === 1, 2000);

    await relay.close();
    await sleep(300);
    ({ relay } = await startRelay(port));
    const restartedAt = Date.now();
    const { timetoken: after } = await alice.pubnub.publish({ channel: 'bids', message: 'after' });

    // A retry comes 2–3 s after the outage (delay 2 s + up to 1 s of jitter).
    await waitFor('the message after the restart', () => alice.heard.messages.length === 2, 8000);
    expect(Date.now() - restartedAt).toBeLessThan(8000);
    expect(alice.heard.messages.map((message) => [message.message, message.timetoken])).toEqual([
      ['before', String(before)],
      ['after', String(after)],
    ]);
    expect(BigInt(String(after)) > BigInt(String(before))).toBe(true);
    // The outage was silent: the retry policy resumed with the old cursor and no status event.
    expect(alice.heard.statuses).toEqual(['PNConnectedCategory']);
  });
});
