/** @jest-environment node */
// The relay's presence state, where-now, message counts, deletion, fire and refusals, and its
// disk copy of the channel log, through the real PubNub SDK.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PubNub from 'pubnub';
import { sleep, waitFor } from '@/testing/wait-for';
import { createRelay, type Relay, type RelayOptions } from './server.ts';

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };

jest.setTimeout(20_000);

interface Heard {
  messages: PubNub.Subscription.Message[];
  presence: PubNub.Subscription.Presence[];
  statuses: PubNub.StatusEvent[];
}

const clients: PubNub[] = [];
const relays: Relay[] = [];
let dataDir: string;

async function startRelay(port = 0, options: Partial<RelayOptions> = {}) {
  const relay = createRelay({ ...keys, allowedOrigins: [], longPollMs: 2000, ...options });
  relays.push(relay);
  await relay.listen(port, '127.0.0.1');
  return { relay, port: (relay.server.address() as AddressInfo).port };
}

async function stopRelay(relay: Relay) {
  relays.splice(relays.indexOf(relay), 1);
  await relay.close();
}

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
    presence: (event) => heard.presence.push(event),
    status: (status) => heard.statuses.push(status),
  });
  return { pubnub, heard };
}

async function subscribed(
  client: ReturnType<typeof connect>,
  channels: string[],
  presence = false,
) {
  client.pubnub.subscribe({ channels, withPresence: presence });
  await waitFor(`${client.pubnub.getUserId()} connected`, () =>
    client.heard.statuses.some((status) => status.category === 'PNConnectedCategory'),
  );
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gavel-relay-sdk-'));
});

afterEach(async () => {
  for (const pubnub of clients.splice(0)) {
    pubnub.unsubscribeAll();
    pubnub.destroy(true);
  }
  await sleep(100); // the last leaves
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('presence', () => {
  it('answers where-now, and sets, reads and announces presence state', async () => {
    const { port } = await startRelay();
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids', 'lots']);
    const watcher = connect(port, 'watcher');
    await subscribed(watcher, ['bids'], true);

    expect((await watcher.pubnub.whereNow({ uuid: 'alice' })).channels.sort()).toEqual([
      'bids',
      'lots',
    ]);
    expect((await watcher.pubnub.whereNow({ uuid: 'nobody' })).channels).toEqual([]);

    const set = await alice.pubnub.setState({ channels: ['bids'], state: { paddle: 7 } });
    expect(set.state).toEqual({ paddle: 7 });
    const read = await watcher.pubnub.getState({ uuid: 'alice', channels: ['bids'] });
    expect(read.channels).toEqual({ bids: { paddle: 7 } });
    await waitFor('the state change', () =>
      watcher.heard.presence.find((event) => event.action === 'state-change'),
    );
    expect(watcher.heard.presence.find((event) => event.action === 'state-change')).toMatchObject({
      channel: 'bids',
      uuid: 'alice',
      state: { paddle: 7 },
    });

    const here = await watcher.pubnub.hereNow({ channels: ['bids'], includeState: true });
    expect(here.channels.bids!.occupants).toEqual(
      expect.arrayContaining([
        { uuid: 'alice', state: { paddle: 7 } },
        expect.objectContaining({ uuid: 'watcher' }),
      ]),
    );
  });
});

describe('message persistence', () => {
  it('counts messages after a timetoken and deletes a range', async () => {
    const { port } = await startRelay();
    const client = connect(port, 'publisher');
    const timetokens: string[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const { timetoken } = await client.pubnub.publish({ channel: 'bids', message: { n } });
      timetokens.push(String(timetoken));
    }
    const counts = await client.pubnub.messageCounts({
      channels: ['bids', 'lots'],
      channelTimetokens: [timetokens[1]!, '0'],
    });
    expect(counts.channels).toEqual({ bids: 3, lots: 0 });

    await client.pubnub.deleteMessages({
      channel: 'bids',
      end: timetokens[1],
      start: timetokens[3],
    });
    const left = await client.pubnub.fetchMessages({ channels: ['bids'] });
    expect(left.channels.bids!.map((entry) => entry.message)).toEqual([
      { n: 1 },
      { n: 4 },
      { n: 5 },
    ]);
  });

  it('keeps history across a restart with a data folder: the console catches up from it', async () => {
    const first = await startRelay(0, { dataDir });
    const client = connect(first.port, 'publisher');
    const { timetoken: since } = await client.pubnub.publish({ channel: 'bids', message: 1 });
    await client.pubnub.publish({ channel: 'bids', message: 2 });
    await stopRelay(first.relay);

    const second = await startRelay(first.port, { dataDir });
    await second.relay.publish('bids', 3);
    const fetched = await client.pubnub.fetchMessages({ channels: ['bids'], end: String(since) });
    expect(fetched.channels.bids!.map((entry) => entry.message)).toEqual([1, 2, 3]);
  });
});

describe('fire', () => {
  it('answers with a timetoken, and reaches neither subscribers nor history', async () => {
    const { port } = await startRelay();
    const alice = connect(port, 'alice');
    await subscribed(alice, ['bids']);
    // What `fire()` sends; in SDK 12.0.3 `fire()` itself resolves to nothing, so publish as it does.
    const { timetoken } = await alice.pubnub.publish({
      channel: 'bids',
      message: { n: 1 },
      replicate: false,
      storeInHistory: false,
    });
    expect(String(timetoken)).toMatch(/^\d{17}$/);
    await alice.pubnub.publish({ channel: 'bids', message: { n: 2 } });
    await waitFor('the published message', () => alice.heard.messages.length >= 1, 2000);
    await sleep(200);
    expect(alice.heard.messages.map((message) => message.message)).toEqual([{ n: 2 }]);
    const history = await alice.pubnub.fetchMessages({ channels: ['bids'] });
    expect(history.channels.bids!.map((entry) => entry.message)).toEqual([{ n: 2 }]);
  });
});

describe('refusals', () => {
  it('refuses a subscribe with a filter expression, which the SDK reports as a bad request', async () => {
    const { port } = await startRelay();
    const filtered = connect(port, 'filtered', { retryConfiguration: PubNub.NoneRetryPolicy() });
    filtered.pubnub.setFilterExpression("meta.lot == 'lot-0001'");
    filtered.pubnub.subscribe({ channels: ['bids'] });
    const status = await waitFor('the refusal', () =>
      filtered.heard.statuses.find((heard) => heard.error),
    );
    // The event engine reports a refused handshake as a connection error caused by a bad request.
    expect(status).toMatchObject({
      category: 'PNConnectionErrorCategory',
      error: 'PNBadRequestCategory',
    });
    expect(filtered.heard.statuses.map((heard) => heard.category)).not.toContain(
      'PNConnectedCategory',
    );
  });

  it('refuses channel-group management', async () => {
    const { port } = await startRelay();
    const client = connect(port, 'admin');
    await expect(
      client.pubnub.channelGroups.addChannels({ channelGroup: 'auctions', channels: ['bids'] }),
    ).rejects.toMatchObject({ status: { statusCode: 400, category: 'PNBadRequestCategory' } });
  });
});

describe('reconnect', () => {
  // Jest hands the SDK the host's fetch, whose `TypeError: fetch failed` fails the SDK's
  // `instanceof TypeError` from another realm: re-created here, so an outage is a network issue.
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

  it('keeps an SDK working after its manual reconnect(), which heartbeats its channels as groups too', async () => {
    const first = await startRelay();
    const groupEchoes: { path: string; status?: number }[] = [];
    const watch = (relay: Relay) =>
      relay.server.on('request', (incoming, outgoing) => {
        if (!incoming.url?.includes('channel-group=')) return;
        const seen: { path: string; status?: number } = { path: incoming.url };
        groupEchoes.push(seen);
        outgoing.on('finish', () => (seen.status = outgoing.statusCode));
      });
    watch(first.relay);
    // Without a presenceTimeout (the SDK's default, as the simulator and most clients run) the SDK
    // has no presence engine: its reconnect() heartbeats with `channel-group=<the channels>`.
    const staff = connect(first.port, 'staff', { retryConfiguration: PubNub.NoneRetryPolicy() });
    await subscribed(staff, ['bids'], true);

    await stopRelay(first.relay);
    await waitFor('the outage noticed', () =>
      staff.heard.statuses.some(
        (status) => status.category === 'PNDisconnectedUnexpectedlyCategory',
      ),
    );
    const second = await startRelay(first.port);
    watch(second.relay);
    staff.pubnub.reconnect();
    await waitFor(
      'connected again',
      () => staff.heard.statuses.filter((s) => s.category === 'PNConnectedCategory').length >= 2,
    );
    await waitFor('a request echoing the channel as a group', () => groupEchoes.length > 0);
    await waitFor('its answer', () => groupEchoes.every((echo) => echo.status !== undefined));
    expect(groupEchoes[0]!.path).toMatch(/\/channel\/bids\/heartbeat\?.*channel-group=bids/);
    expect(groupEchoes.map((echo) => echo.status)).toEqual(groupEchoes.map(() => 200));

    second.relay.publish('bids', { after: 'reconnect' });
    await waitFor('the message after the reconnect', () => staff.heard.messages.length === 1);
    expect(staff.heard.messages[0]!.message).toEqual({ after: 'reconnect' });
  });
});
