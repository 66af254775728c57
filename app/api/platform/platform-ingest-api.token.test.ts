/** @jest-environment node */
// POST /api/platform/agreements through its route handler, on a real in-memory PGlite database:
// the bearer token, checked before anything else of the request.
import '@/testing/server/memory-database-env';
import type { NextRequest } from 'next/server';
import {
  agreementsApi,
  expectProblem,
  ingestRequest,
  platformToken,
  sendIngest,
  type IngestAnswer,
} from '@/testing/server/agreements-requests';
import { platformIngestFixture } from './platform-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { newItem, agreementCount, rowsFor } = platformIngestFixture();
const {} = agreementsApi();

describe('POST /api/platform/agreements: the bearer token', () => {
  type TokenCase = [name: string, authorization: string | undefined];
  const refused: TokenCase[] = [
    ['no Authorization header', undefined],
    ['an empty Authorization header', ''],
    ['Bearer with no token', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['a wrong token', 'Bearer not-the-platform-token'],
    ['the token with one character changed', `Bearer ${platformToken.slice(0, -1)}N`],
    ['a prefix of the token', `Bearer ${platformToken.slice(0, -1)}`],
    ['the token and one more character', `Bearer ${platformToken}x`],
    ['the token in upper case', `Bearer ${platformToken.toUpperCase()}`],
    ['the token without a scheme', platformToken],
    [
      'the token as Basic credentials',
      `Basic ${Buffer.from(`platform:${platformToken}`).toString('base64')}`,
    ],
    ['the token under the Basic scheme', `Basic ${platformToken}`],
    ['the token under another scheme', `Token ${platformToken}`],
    ['the token twice', `Bearer ${platformToken} ${platformToken}`],
    ['the token, a comma and another', `Bearer ${platformToken}, Bearer other`],
  ];

  it.each(refused)(
    '%s -> 401 unauthorized with WWW-Authenticate, nothing written',
    async (_name, authorization) => {
      const before = await agreementCount();
      const response = await sendIngest(ingestRequest({ items: [newItem()] }, { authorization }));
      const body = await expectProblem(response, 401, 'unauthorized');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      expect(JSON.stringify(body)).not.toContain(platformToken);
      expect(await agreementCount()).toBe(before);
    },
  );

  it('answers the same refusal whatever was wrong with the token', async () => {
    const answers = await Promise.all(
      [undefined, 'Bearer wrong', `Bearer ${platformToken}x`, `Basic ${platformToken}`].map(
        async (authorization) => {
          const response = await sendIngest(
            ingestRequest({ items: [newItem()] }, { authorization }),
          );
          return { status: response.status, body: await response.json() };
        },
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it.each<TokenCase>([
    ['Bearer', `Bearer ${platformToken}`],
    ['a lower-case scheme (schemes are case-insensitive, RFC 9110)', `bearer ${platformToken}`],
    ['an upper-case scheme', `BEARER ${platformToken}`],
  ])('accepts the right token with %s', async (_name, authorization) => {
    const item = newItem();
    const response = await sendIngest(ingestRequest({ items: [item] }, { authorization }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as IngestAnswer).created).toBe(1);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });

  it('needs no Origin header: a server-to-server call from anywhere is fine', async () => {
    for (const headers of [
      {},
      { origin: 'https://platform.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const item = newItem();
      const response = await sendIngest(ingestRequest({ items: [item] }, headers));
      expect(response.status).toBe(200);
      expect(await rowsFor(item.platformId)).toHaveLength(1);
    }
  });

  it.each<[string, () => NextRequest]>([
    [
      'an invalid body',
      () => ingestRequest({ items: [{ amount: -1 }] }, { authorization: 'Bearer wrong' }),
    ],
    ['malformed JSON', () => ingestRequest('{"items": [', { authorization: 'Bearer wrong' })],
    ['no items', () => ingestRequest({ items: [] }, { authorization: undefined })],
    [
      'a wrong Content-Type',
      () =>
        ingestRequest(
          { items: [newItem()] },
          {
            authorization: 'Bearer wrong',
            'content-type': 'text/plain',
          },
        ),
    ],
    [
      'a body over 64 KiB',
      () =>
        ingestRequest(
          { items: [newItem({ lotTitle: 'x'.repeat(70_000) })] },
          {
            authorization: 'Bearer wrong',
          },
        ),
    ],
  ])('checks the token before the request: a wrong token with %s gets 401', async (_name, make) => {
    const response = await sendIngest(make());
    await expectProblem(response, 401, 'unauthorized');
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });
});
