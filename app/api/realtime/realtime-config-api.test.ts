/** @jest-environment node */
// GET /api/realtime/config through its route handler, on a real in-memory PGlite database.
import { NextRequest } from 'next/server';
import '@/testing/server/memory-database-env';
import { staffSession } from '@/testing/server/staff-fixture';

process.env.RELAY_PORT = '4123';
process.env.PUBNUB_CIPHER_KEY = 'cipher-for-tests';
delete process.env.PUBNUB_SUBSCRIBE_KEY;
delete process.env.PUBNUB_SECRET_KEY;

type ConfigRoute = typeof import('@/app/api/realtime/config/route');
type Connection = typeof import('@/lib/server/db/connection');

const clientId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
let getConfig: ConfigRoute['GET'];
let connection: Connection;
let cookie: string;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  ({ GET: getConfig } = await import('@/app/api/realtime/config/route'));
  cookie = await staffSession(await connection.database(), { loginId: 'watcher' });
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

const request = (url: string, withSession = true) =>
  new NextRequest(url, {
    headers: {
      // As `next start` passes it: the Host the browser used (Next's URL says localhost instead).
      host: new URL(url).host,
      ...(withSession ? { cookie: `__Host-gavel_session=${cookie}` } : {}),
    },
  });

describe('GET /api/realtime/config', () => {
  it('answers 401 without a session', async () => {
    const response = await getConfig(
      request(`http://localhost:3000/api/realtime/config?clientId=${clientId}`, false),
    );
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('points the browser at the embedded relay on the host it used, with the cipher key', async () => {
    const response = await getConfig(
      request(`http://127.0.0.1:3000/api/realtime/config?clientId=${clientId}`),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      subscribeKey: 'embedded-sub',
      origin: '127.0.0.1:4123',
      ssl: false,
      token: null,
      tokenTtlSeconds: null,
      cipherKey: 'cipher-for-tests',
      channel: 'bids',
      staffChannel: 'staff',
    });
  });

  it('answers the same without a client id (the contract names the bare path)', async () => {
    const response = await getConfig(request('http://127.0.0.1:3000/api/realtime/config'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ subscribeKey: 'embedded-sub', channel: 'bids' });
  });

  it('never hands out a publish or secret key', async () => {
    const body = await (
      await getConfig(request(`http://localhost:3000/api/realtime/config?clientId=${clientId}`))
    ).text();
    expect(body).not.toMatch(/publish|secret|embedded-pub/i);
  });

  it.each(['', 'not-a-uuid', `${clientId}x`])(
    'refuses the client id %j with 400',
    async (value) => {
      const response = await getConfig(
        request(`http://localhost:3000/api/realtime/config?clientId=${encodeURIComponent(value)}`),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('bad_request');
    },
  );
});
