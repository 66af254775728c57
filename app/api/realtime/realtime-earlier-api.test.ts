/** @jest-environment node */
// GET /api/realtime/earlier through its route handler, on a real in-memory PGlite database, reading
// a real embedded relay through the real PubNub SDK, with a cipher key as a deployment may set.
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import PubNub from 'pubnub';
import '@/testing/server/memory-database-env';
import { staffSession } from '@/testing/server/staff-fixture';
import { sleep } from '@/testing/wait-for';
import { earlierReuseMs } from '@/lib/server/realtime/earlier-messages';
import { createRelay, type Relay } from '@/relay/server';

const cipherKey = 'cipher-for-earlier-tests';
process.env.PUBNUB_CIPHER_KEY = cipherKey;
delete process.env.PUBNUB_SUBSCRIBE_KEY;
delete process.env.PUBNUB_SECRET_KEY;

type EarlierRoute = typeof import('@/app/api/realtime/earlier/route');
type Connection = typeof import('@/lib/server/db/connection');

const keys = { subscribeKey: 'embedded-sub', publishKey: 'embedded-pub' };
let getEarlier: EarlierRoute['GET'];
let connection: Connection;
let cookie: string;
let relay: Relay;
let relayPort: number;
/** History requests the relay answered. */
let historyRequests = 0;

jest.setTimeout(20_000);

beforeAll(async () => {
  relay = createRelay({ ...keys, allowedOrigins: ['http://localhost:3000'] });
  relay.server.on('request', (incoming) => {
    if (incoming.url?.startsWith('/v3/history/')) historyRequests += 1;
  });
  await relay.listen(0, '127.0.0.1');
  relayPort = (relay.server.address() as AddressInfo).port;
  process.env.RELAY_PORT = String(relayPort);
  connection = await import('@/lib/server/db/connection');
  ({ GET: getEarlier } = await import('@/app/api/realtime/earlier/route'));
  cookie = await staffSession(await connection.database(), { loginId: 'reader' });
  // A database opened and migrated, the route and the SDK loaded, a password hashed: on a machine
  // at a load of 10 this took more than the tests' 20 s.
}, 60_000);

afterAll(async () => {
  await relay?.close();
  if (connection) await (await connection.databaseHandle()).close();
});

const request = (withSession = true) =>
  new NextRequest('http://localhost:3000/api/realtime/earlier', {
    headers: {
      host: 'localhost:3000',
      ...(withSession ? { cookie: `__Host-gavel_session=${cookie}` } : {}),
    },
  });

function publisher(withCipherKey: string | null) {
  return new PubNub({
    ...keys,
    userId: 'test-publisher',
    origin: `127.0.0.1:${relayPort}`,
    ssl: false,
    ...(withCipherKey
      ? { cryptoModule: PubNub.CryptoModule.aesCbcCryptoModule({ cipherKey: withCipherKey }) }
      : {}),
  });
}

interface Answer {
  messages: { timetoken: string; payload: unknown; error?: string }[];
}

describe('GET /api/realtime/earlier', () => {
  it('is refused without a session, in the envelope', async () => {
    const response = await getEarlier(request(false), { params: Promise.resolve({}) });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('answers an empty channel with no messages', async () => {
    const response = await getEarlier(request(), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ messages: [] });
  });

  it('answers every message across several pages, oldest first, decrypted; one it cannot decrypt carries its error', async () => {
    // The read before is reused for a second: what is published now comes after that.
    await sleep(earlierReuseMs);
    const sender = publisher(cipherKey);
    const published: string[] = [];
    for (let n = 0; n < 230; n += 1) {
      const { timetoken } = await sender.publish({ channel: 'bids', message: { n } });
      published.push(String(timetoken));
    }
    const stranger = publisher('another-cipher-key');
    await stranger.publish({ channel: 'bids', message: { n: 'foreign' } });
    sender.destroy(true);
    stranger.destroy(true);

    const response = await getEarlier(request(), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as Answer;
    expect(messages).toHaveLength(231);
    expect(messages.slice(0, 230).map((m) => m.timetoken)).toEqual(published);
    expect(messages.slice(0, 230).map((m) => m.payload)).toEqual(
      Array.from({ length: 230 }, (_, n) => ({ n })),
    );
    expect(messages.slice(0, 230).every((m) => m.error === undefined)).toBe(true);
    expect(messages[230]!.error).toEqual(expect.any(String));
  });

  it('answers requests that come together, or within a second, from one read', async () => {
    await sleep(earlierReuseMs);
    const before = historyRequests;
    const answers = await Promise.all(
      [1, 2, 3].map(() => getEarlier(request(), { params: Promise.resolve({}) })),
    );
    const oneRead = historyRequests - before;
    expect(oneRead).toBeGreaterThanOrEqual(3);
    const again = await getEarlier(request(), { params: Promise.resolve({}) });
    expect(historyRequests - before).toBe(oneRead);
    const counts = await Promise.all(
      [...answers, again].map(async (answer) => ((await answer.json()) as Answer).messages.length),
    );
    expect(counts).toEqual([231, 231, 231, 231]);
    // A second later, a new read.
    await sleep(earlierReuseMs);
    await getEarlier(request(), { params: Promise.resolve({}) });
    expect(historyRequests - before).toBe(oneRead * 2);
  });

  it('answers 503 in the envelope when history cannot be read', async () => {
    await sleep(earlierReuseMs);
    await relay.close();
    const response = await getEarlier(request(), { params: Promise.resolve({}) });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toEqual({
      code: 'unavailable',
      message: expect.stringContaining('history'),
    });
  });
});
