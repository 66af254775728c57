/** @jest-environment node */
// POST /api/platform/agreements through its route handler, on a real in-memory PGlite database:
// every invalid batch refused with 400, and the request's guards, nothing written.
import '@/testing/server/memory-database-env';
import type { NextRequest } from 'next/server';
import {
  agreementsApi,
  expectProblem,
  ingestRequest,
  sendIngest,
} from '@/testing/server/agreements-requests';
import { platformIngestFixture } from './platform-ingest-fixture';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { newItem, agreementCount, rowsFor } = platformIngestFixture();
const {} = agreementsApi();

describe('POST /api/platform/agreements: validation', () => {
  const { buyer: _buyer, ...withoutBuyer } = newItem();

  type BodyCase = [name: string, makeBody: () => unknown];
  const invalid: BodyCase[] = [
    ['0 items', () => ({ items: [] })],
    ['101 items', () => ({ items: Array.from({ length: 101 }, () => newItem()) })],
    ['no items field', () => ({})],
    ['a bare array of items', () => [newItem()]],
    ['an unknown top-level field', () => ({ items: [newItem()], dryRun: true })],
    ['a negative amount', () => ({ items: [newItem({ amount: -1 })] })],
    ['a fractional amount', () => ({ items: [newItem({ amount: 100.5 })] })],
    ['an amount as a string', () => ({ items: [newItem({ amount: '960000' })] })],
    ['an amount past the safe integers', () => ({ items: [newItem({ amount: 2 ** 53 })] })],
    ['a lower-case currency', () => ({ items: [newItem({ currency: 'gbp' })] })],
    ['a four-letter currency', () => ({ items: [newItem({ currency: 'GBPX' })] })],
    ['closedAt as words', () => ({ items: [newItem({ closedAt: 'last tuesday' })] })],
    [
      'closedAt without an offset',
      () => ({ items: [newItem({ closedAt: '2026-03-01T10:00:00' })] }),
    ],
    ['closedAt on 30 February', () => ({ items: [newItem({ closedAt: '2026-02-30T10:00:00Z' })] })],
    ['a missing buyer', () => ({ items: [{ ...withoutBuyer, platformId: newItem().platformId }] })],
    ['a blank buyer', () => ({ items: [newItem({ buyer: '  ' })] })],
    ['a numeric lot id', () => ({ items: [newItem({ lotId: 12 })] })],
    ['an unknown extra field on an item', () => ({ items: [newItem({ reserve: 5 })] })],
    [
      'a NUL in the lot title',
      () => ({ items: [newItem({ lotTitle: 'Omega\u0000Speedmaster' })] }),
    ],
    ['a C1 control inside the buyer', () => ({ items: [newItem({ buyer: 'Paddle\u00857' })] })],
    ['a newline inside the platform id', () => ({ items: [newItem({ platformId: 'p\n7' })] })],
    ['an escape sequence in the lot id', () => ({ items: [newItem({ lotId: '\u001b[2Jlot' })] })],
    ['a DEL in the platform id', () => ({ items: [newItem({ platformId: 'plat\u007f1' })] })],
    [
      'one bad item after good ones',
      () => ({ items: [newItem(), newItem(), newItem({ currency: 'euro' })] }),
    ],
    [
      'closedAt with a 25-hour offset',
      () => ({ items: [newItem({ closedAt: '2026-03-01T10:00:00+25:00' })] }),
    ],
    // A well-formed ISO date-time the database cannot store: refused as input, not a 500.
    ['closedAt in year 0000', () => ({ items: [newItem({ closedAt: '0000-01-01T00:00:00Z' })] })],
    ['a JSON null', () => null],
    ['an empty body', () => ''],
    ['malformed JSON', () => '{"items": ['],
  ];

  it.each(invalid)('%s -> 400 bad_request, nothing written', async (_name, makeBody) => {
    const body = makeBody();
    const before = await agreementCount();
    const response = await sendIngest(ingestRequest(body));
    await expectProblem(response, 400, 'bad_request');
    expect(await agreementCount()).toBe(before);
  });

  it('says which field is wrong', async () => {
    const response = await sendIngest(
      ingestRequest({ items: [newItem(), newItem({ currency: 'eur' })] }),
    );
    const body = await expectProblem(response, 400, 'bad_request');
    expect(body.error.message).toContain('items.1.currency');
  });
});

describe('POST /api/platform/agreements: request guards', () => {
  const oneMiB = 1024 * 1024;

  it.each<[string, number, string, () => NextRequest]>([
    [
      'a body over 64 KiB',
      413,
      'payload_too_large',
      () => ingestRequest({ items: [newItem({ lotTitle: 'x'.repeat(66_000) })] }),
    ],
    [
      'a body of 1 MiB with a lying Content-Length: 40',
      413,
      'payload_too_large',
      () =>
        ingestRequest(
          { items: [newItem({ lotTitle: 'x'.repeat(oneMiB) })] },
          {
            'content-length': '40',
          },
        ),
    ],
    [
      'a small body declaring Content-Length: 1 MiB',
      413,
      'payload_too_large',
      () => ingestRequest({ items: [newItem()] }, { 'content-length': String(oneMiB) }),
    ],
    [
      'Content-Type: text/plain',
      403,
      'forbidden',
      () => ingestRequest({ items: [newItem()] }, { 'content-type': 'text/plain' }),
    ],
    [
      'Content-Type: application/x-www-form-urlencoded',
      403,
      'forbidden',
      () =>
        ingestRequest(
          { items: [newItem()] },
          {
            'content-type': 'application/x-www-form-urlencoded',
          },
        ),
    ],
    [
      'no Content-Type',
      403,
      'forbidden',
      // Bytes, so that the request implies no type either (a string body is text/plain).
      () =>
        ingestRequest(new TextEncoder().encode(JSON.stringify({ items: [newItem()] })), {
          'content-type': undefined,
        }),
    ],
  ])('%s -> %i %s, nothing written', async (_name, status, code, make) => {
    const request = make();
    const before = await agreementCount();
    await expectProblem(await sendIngest(request), status, code);
    expect(await agreementCount()).toBe(before);
  });

  it('accepts Content-Type: application/json; charset=utf-8', async () => {
    const item = newItem();
    const response = await sendIngest(
      ingestRequest({ items: [item] }, { 'content-type': 'application/json; charset=utf-8' }),
    );
    expect(response.status).toBe(200);
    expect(await rowsFor(item.platformId)).toHaveLength(1);
  });
});
