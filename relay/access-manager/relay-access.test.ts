/** @jest-environment node */
// The relay with a secret key against PubNub's JS SDK, as a deployment uses PubNub: the console's
// server grants and reads with the secret key, a browser subscribes with its token (contract §16).
import type { AddressInfo } from 'node:net';
import PubNub from 'pubnub';
import { waitFor } from '@/testing/wait-for';
import { createRelay, type Relay } from '../server.ts';
import { requestSignature } from './signature.ts';

jest.setTimeout(15_000);

const keys = { subscribeKey: 'sub-c-rehearsal', publishKey: 'pub-c-rehearsal' };
const secretKey = 'sec-c-rehearsal-secret';
let clock = Date.now();
let relay: Relay;
let origin: string;
const clients: PubNub[] = [];

beforeAll(async () => {
  relay = createRelay({
    ...keys,
    secretKey,
    allowedOrigins: [],
    longPollMs: 1000,
    now: () => clock,
  });
  await relay.listen(0, '127.0.0.1');
  origin = `127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await relay.close();
});

function client(userId: string, extra: Partial<PubNub.PubNubConfiguration> = {}) {
  const pubnub = new PubNub({ ...keys, userId, origin, ssl: false, ...extra });
  clients.push(pubnub);
  return pubnub;
}

const server = (secret = secretKey) => client('console-server', { secretKey: secret });

async function grant(
  channels: Record<string, { read?: boolean; write?: boolean }>,
  uuid?: string,
  ttl = 5,
) {
  return server().grantToken({
    ttl,
    resources: { channels },
    ...(uuid ? { authorized_uuid: uuid } : {}),
  });
}

const statusOf = async (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (error: { status?: { statusCode?: number } }) => error.status?.statusCode ?? -1,
  );

async function readAs(userId: string, token: string | null, channel: string) {
  const browser = client(userId);
  if (token) browser.setToken(token);
  return statusOf(browser.fetchMessages({ channels: [channel], count: 1 }));
}

describe('granting', () => {
  it("mints a token the SDK's parseToken reads back", async () => {
    const token = await grant(
      { bids: { read: true }, 'bids-pnpres': { read: true } },
      'browser-1',
      60,
    );
    expect(server().parseToken(token)).toMatchObject({
      version: 2,
      ttl: 60,
      authorized_uuid: 'browser-1',
      resources: { channels: { bids: { read: true, write: false } } },
    });
  });

  it('refuses a grant signed with another secret key', async () => {
    const signedWrong = server('not-the-secret-key').grantToken({
      ttl: 5,
      resources: { channels: { bids: { read: true } } },
    });
    expect(await statusOf(signedWrong)).toBe(403);
  });

  it('refuses a grant whose timestamp is more than a minute old', async () => {
    const body = JSON.stringify({ ttl: 5, permissions: { resources: { channels: { bids: 1 } } } });
    const path = `/v3/pam/${keys.subscribeKey}/grant`;
    /** The grant signed correctly (signature.ts, checked against the SDK) at `seconds`. */
    const grantAt = (seconds: number) => {
      const query = new URLSearchParams({
        pnsdk: 'test',
        timestamp: String(seconds),
        uuid: 'console-server',
      });
      query.set(
        'signature',
        requestSignature({ method: 'POST', path, query, body }, { ...keys, secretKey }),
      );
      return fetch(`http://${origin}${path}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    };
    const now = Math.floor(clock / 1000);
    const stale = await grantAt(now - 61);
    expect(stale.status).toBe(403);
    expect((await stale.json()).error.message).toMatch(/timestamp/);
    // The same request made now is taken: only the timestamp was wrong.
    expect((await grantAt(now)).status).toBe(200);
  });
});

describe('what a token reads', () => {
  it('reads the channel it grants, and not another', async () => {
    const token = await grant({ 'channel-a': { read: true } }, 'browser-a');
    expect(await readAs('browser-a', token, 'channel-a')).toBe(200);
    expect(await readAs('browser-a', token, 'channel-b')).toBe(403);
  });

  it('is refused for another client id than the one it is bound to', async () => {
    const token = await grant({ bids: { read: true } }, 'browser-x');
    expect(await readAs('browser-x', token, 'bids')).toBe(200);
    expect(await readAs('browser-y', token, 'bids')).toBe(403);
  });

  it('is refused once expired, and once revoked', async () => {
    const token = await grant({ bids: { read: true } }, 'browser-t', 1);
    expect(await readAs('browser-t', token, 'bids')).toBe(200);
    clock += 61_000;
    expect(await readAs('browser-t', token, 'bids')).toBe(403);
    // Back to the SDK's clock, or its signatures would be a minute stale to the relay.
    clock -= 61_000;
    const second = await grant({ bids: { read: true } }, 'browser-t', 5);
    await server().revokeToken(second);
    expect(await readAs('browser-t', second, 'bids')).toBe(403);
  });

  it('is needed: no token, no read; a forged one is refused', async () => {
    expect(await readAs('browser-n', null, 'bids')).toBe(403);
    expect(await readAs('browser-n', 'qEF2AkF0GmX', 'bids')).toBe(403);
  });

  it('does not publish with a read token', async () => {
    const token = await grant({ bids: { read: true } }, 'browser-p');
    const browser = client('browser-p', { publishKey: keys.publishKey });
    browser.setToken(token);
    expect(await statusOf(browser.publish({ channel: 'bids', message: { x: 1 } }))).toBe(403);
  });

  it('lets a browser subscribe and hear what is published', async () => {
    const token = await grant({ live: { read: true }, 'live-pnpres': { read: true } }, 'browser-s');
    const browser = client('browser-s');
    browser.setToken(token);
    const heard: unknown[] = [];
    browser.addListener({ message: (event) => heard.push(event.message) });
    browser.subscribe({ channels: ['live'] });
    // Published until heard: the first ones may pass before the long-poll is open.
    let sent = 0;
    await waitFor(
      'a message on the subscription',
      () => {
        if (heard.length > 0) return true;
        relay.publish('live', { n: (sent += 1) });
        return undefined;
      },
      5000,
    );
    expect(heard[0]).toEqual({ n: expect.any(Number) });
  });
});

describe('the secret key', () => {
  it('reads and publishes everything, signed', async () => {
    relay.publish('anything', { n: 2 });
    const answer = await server().fetchMessages({ channels: ['anything'], count: 5 });
    expect(answer.channels.anything?.map((entry) => entry.message)).toEqual([{ n: 2 }]);
    expect(await statusOf(server().publish({ channel: 'anything', message: { n: 3 } }))).toBe(200);
  });
});
