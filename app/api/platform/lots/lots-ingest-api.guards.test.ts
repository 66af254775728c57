/** @jest-environment node */
// POST /api/platform/lots through its route handler, on a real in-memory PGlite database: the
// bearer token first, then the request's guards and the methods.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { expectProblem, platformToken } from '@/testing/server/agreements-requests';
import { lotsRequest, salesRoutes, sendLots } from '@/testing/server/sales-requests';
import { lotsIngestFixture } from './lots-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { newSale, allLots } = lotsIngestFixture();

describe('POST /api/platform/lots: the bearer token', () => {
  const lot = newSale();

  it.each<[string, string | undefined]>([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer not-the-platform-token'],
    ['the token and one more character', `Bearer ${platformToken}x`],
    ['the token under the Basic scheme', `Basic ${platformToken}`],
  ])(
    '%s -> 401 unauthorized with WWW-Authenticate, nothing written',
    async (_name, authorization) => {
      const before = await allLots();
      const response = await sendLots(lotsRequest({ items: [lot()] }, { authorization }));
      const body = await expectProblem(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(JSON.stringify(body)).not.toContain(platformToken);
      expect(await allLots()).toEqual(before);
    },
  );

  it.each<[string, unknown]>([
    ['an invalid body', { items: [{ lotNumber: 0 }] }],
    ['a body over 64 KiB', { items: [lot({ lotTitle: 'x'.repeat(70_000) })] }],
  ])('checks the token before the body: a wrong token with %s gets 401', async (_name, body) => {
    const response = await sendLots(lotsRequest(body, { authorization: 'Bearer wrong' }));
    await expectProblem(response, 401, 'unauthorized');
  });

  it('needs no Origin header: a server-to-server call from anywhere is fine', async () => {
    const response = await sendLots(
      lotsRequest({ items: [lot()] }, { origin: 'https://platform.example' }),
    );
    expect(response.status).toBe(200);
  });
});

describe('POST /api/platform/lots: request guards', () => {
  const lot = newSale();

  it.each<[string, number, string, () => ReturnType<typeof lotsRequest>]>([
    [
      '200 valid lots with long titles, past 64 KiB',
      413,
      'payload_too_large',
      () =>
        lotsRequest({
          items: Array.from({ length: 200 }, () => lot({ lotTitle: 't'.repeat(300) })),
        }),
    ],
    [
      'a small body declaring Content-Length: 1 MiB',
      413,
      'payload_too_large',
      () => lotsRequest({ items: [lot()] }, { 'content-length': String(1024 * 1024) }),
    ],
    [
      'Content-Type: text/plain',
      403,
      'forbidden',
      () => lotsRequest({ items: [lot()] }, { 'content-type': 'text/plain' }),
    ],
  ])('%s -> %i %s, nothing written', async (_name, status, code, make) => {
    const before = await allLots();
    await expectProblem(await sendLots(make()), status, code);
    expect(await allLots()).toEqual(before);
  });

  it('answers every other method with 405 in the envelope, naming what is allowed', async () => {
    const route = (await salesRoutes()).ingest;
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route[method](requestFor(method));
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectProblem(response, 405, 'method_not_allowed');
    }
    const options = await route.OPTIONS(requestFor('OPTIONS'));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

function requestFor(method: string) {
  return new NextRequest('http://localhost:3000/api/platform/lots', {
    method,
    headers: { authorization: `Bearer ${platformToken}` },
  });
}
