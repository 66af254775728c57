/**
 * @jest-environment node
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnv } from '@/lib/env';
import { browserRealtimeConfig } from './browser-config';

// The grant as PubNub's Access Manager receives it, from the console's own SDK client: a stand-in
// origin (PUBNUB_ORIGIN) records the request and answers as PubNub does.

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

let server: Server;
let origin: string;
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://relay');
    received.push({
      method: request.method!,
      path: url.pathname,
      query: url.searchParams,
      body: await readBody(request),
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        data: { message: 'Success', token: 'minted-token' },
        service: 'Access Manager',
        status: 200,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const keys = {
  PUBNUB_SUBSCRIBE_KEY: 'sub-c-123',
  PUBNUB_PUBLISH_KEY: 'pub-c-123',
  PUBNUB_SECRET_KEY: 'sec-c-123',
};

/** PubNub's v2 signature, computed here from its documented recipe, not from the SDK. */
function expectedSignature(request: Received): string {
  const query = [...request.query.entries()]
    .filter(([key]) => key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  const input = `${request.method}\npub-c-123\n${request.path}\n${query}\n${request.body}`;
  const hash = createHmac('sha256', 'sec-c-123').update(input).digest('base64');
  return `v2.${hash.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

it('grants a read token for this client id, signed with the secret and publish keys', async () => {
  const env = parseEnv({ ...keys, PUBNUB_ORIGIN: origin });
  const config = await browserRealtimeConfig(env, 'console.example', 'client-1');
  expect(config).toMatchObject({ token: 'minted-token', tokenTtlSeconds: 3600 });

  const grant = received.at(-1)!;
  expect(grant.method).toBe('POST');
  expect(grant.path).toBe('/v3/pam/sub-c-123/grant');
  expect(grant.query.get('signature')).toBe(expectedSignature(grant));
  const { ttl, permissions } = JSON.parse(grant.body);
  expect(ttl).toBe(60);
  expect(permissions.uuid).toBe('client-1');
  expect(permissions.resources.channels).toEqual({ bids: 1, 'bids-pnpres': 1, staff: 1 });
});
