/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PubNub from 'pubnub';
import { checkSignature, signatureWindowSeconds, type SignedRequest } from './signature.ts';

// Requests as PubNub's JS SDK signs them, caught by a stand-in origin that answers each as PubNub.
const keys = { publishKey: 'pub-c-relay', secretKey: 'sec-c-relay' };
const caught: SignedRequest[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://relay');
      caught.push({
        method: request.method!,
        path: url.pathname,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        url.pathname.startsWith('/v3/pam/')
          ? JSON.stringify({ data: { message: 'Success', token: 't' }, status: 200 })
          : JSON.stringify({ status: 200, error: false, error_message: '', channels: {} }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (secretKey?: string) =>
  new PubNub({
    subscribeKey: 'sub-c-relay',
    publishKey: keys.publishKey,
    ...(secretKey ? { secretKey } : {}),
    userId: 'console-server',
    origin,
    ssl: false,
  });

async function signedGrantAndRead(secretKey: string) {
  caught.length = 0;
  const pubnub = client(secretKey);
  await pubnub.grantToken({
    ttl: 5,
    authorized_uuid: 'client x+y',
    resources: { channels: { 'bids & more': { read: true } } },
  });
  await pubnub.fetchMessages({ channels: ['bids'], count: 25 });
  pubnub.destroy();
  return [...caught];
}

const nowOf = (request: SignedRequest) => Number(request.query.get('timestamp'));

it("accepts the SDK's signature on a grant (POST with a body) and a history read (GET)", async () => {
  const requests = await signedGrantAndRead(keys.secretKey);
  expect(requests.map((request) => request.method)).toEqual(['POST', 'GET']);
  for (const request of requests)
    expect(checkSignature(request, keys, nowOf(request))).toBe('valid');
});

it('refuses a signature made with another secret key', async () => {
  for (const request of await signedGrantAndRead('not the secret'))
    expect(checkSignature(request, keys, nowOf(request))).toBe('wrong');
});

it('refuses a signed request whose query or body was changed on the way', async () => {
  const [grant, read] = await signedGrantAndRead(keys.secretKey);
  const longerTtl = { ...grant!, body: grant!.body.replace('"ttl":5', '"ttl":500') };
  expect(checkSignature(longerTtl, keys, nowOf(grant!))).toBe('wrong');
  const query = new URLSearchParams(read!.query);
  query.set('count', '100');
  expect(checkSignature({ ...read!, query }, keys, nowOf(read!))).toBe('wrong');
});

it('refuses a timestamp more than a minute away from the clock', async () => {
  const [grant] = await signedGrantAndRead(keys.secretKey);
  const at = nowOf(grant!);
  expect(checkSignature(grant!, keys, at + signatureWindowSeconds)).toBe('valid');
  expect(checkSignature(grant!, keys, at + signatureWindowSeconds + 1)).toBe('stale');
  expect(checkSignature(grant!, keys, at - signatureWindowSeconds - 1)).toBe('stale');
});

it('finds no signature on an unsigned client’s request', async () => {
  caught.length = 0;
  const pubnub = client();
  await pubnub.fetchMessages({ channels: ['bids'], count: 25 });
  pubnub.destroy();
  expect(checkSignature(caught[0]!, keys, Math.floor(Date.now() / 1000))).toBe('absent');
});
