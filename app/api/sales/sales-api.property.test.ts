/** @jest-environment node */
// Property tests of the catalogue: POST /api/platform/lots (bearer) and the staff reads GET
// /api/sales and GET /api/sales/{auctionId}, every method of each path, through the route handlers
// on a real in-memory PGlite. Whatever is sent: never a 5xx; a refusal is the JSON envelope with a
// code of the contract at its status and writes nothing; the reads never write.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import {
  bodyText,
  edgeNumber,
  expectUnchanged,
  hostileString,
  nearValid,
  Outcomes,
  plainString,
  queryString,
  requestSpec,
} from '@/testing/server/api-arbitraries';
import { itAnswersAnyRead, methodsOf } from '@/testing/server/property-blocks';
import { propertyHarness } from '@/testing/server/property-harness';

delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const harness = propertyHarness('sales-api.property.test.ts', {
  enabled: { loginId: 'cataloguer', displayName: 'Cataloguer' },
  disabled: { loginId: 'gone', displayName: 'Gone' },
});
const { settings } = harness;

let ingest: object;
let sales: object;
let sale: object;
let report: object;

beforeAll(async () => {
  ingest = await import('@/app/api/platform/lots/route');
  sales = await import('@/app/api/sales/route');
  sale = await import('@/app/api/sales/[auctionId]/route');
  report = await import('@/app/api/sales/[auctionId]/report/route');
});

const validLot = fc
  .record({
    auctionId: fc.constantFrom('sale-a', 'sale-b'),
    lotNumber: fc.integer({ min: 1, max: 40 }),
    lotTitle: plainString(1, 60),
    currency: fc.constantFrom('EUR', 'GBP', 'JPY'),
    lowEstimate: fc.integer({ min: 0, max: 1_000_000 }),
    spread: fc.integer({ min: 0, max: 1_000_000 }),
    reserve: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
    startingBid: fc.integer({ min: 0, max: 500_000 }),
    scheduledCloseAt: fc.option(
      fc.constantFrom('2026-11-23T18:00:00Z', '2026-12-01T09:30:00+01:00'),
      { nil: null },
    ),
  })
  .map(({ spread, ...lot }) => ({
    ...lot,
    lotId: `lot-${lot.lotNumber}`,
    saleTitle: `Sale ${lot.auctionId}`,
    highEstimate: lot.lowEstimate + spread,
  }));

const hostileLot = fc
  .tuple(
    validLot,
    fc.constantFrom('lotTitle', 'saleTitle', 'lotId', 'currency', 'lowEstimate', 'lotNumber'),
    fc.oneof(hostileString(30), edgeNumber, fc.constantFrom(null, -1, 0, 0.5, '12', [])),
  )
  .map(([lot, field, value]) => ({ ...lot, [field]: value }));

const lotsBody = fc.oneof(
  {
    arbitrary: fc.record({ items: fc.array(validLot, { minLength: 1, maxLength: 4 }) }),
    weight: 3,
  },
  {
    arbitrary: nearValid(
      fc.record({ items: fc.array(fc.oneof(validLot, hostileLot), { maxLength: 4 }) }),
    ),
    weight: 4,
  },
);

describe('POST /api/platform/lots', () => {
  it(
    'any request: never a 5xx, the envelope for a refusal, and nothing written when refused',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/platform/lots',
        methods: methodsOf('POST', 8),
        query: queryString({ dryRun: fc.constant('1') }),
        body: bodyText(lotsBody),
        authorization: true,
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          // The bearer token is the credential here: no cookie goes with it.
          const { answer, before, after } = await harness.send(
            ingest,
            spec,
            {
              allow: 'POST, OPTIONS',
              codes: ['bad_request', 'unauthorized', 'forbidden', 'conflict', 'payload_too_large'],
              success: [200],
            },
            { cookie: false },
          );
          outcomes.note(answer);
          if (answer.status !== 200)
            expectUnchanged(before, after, `a refused ingest (${answer.status})`);
          else expectUnchanged(before, after, 'an ingest writes lots only', ['lots']);
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/platform/lots',
        ['200', '400 bad_request', '401 unauthorized', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(60),
  );
});

const auctionIds = fc.oneof(
  fc.constantFrom('sale-a', 'sale-b', 'no-such-sale', '', '..', '__proto__', 'a'.repeat(101)),
  hostileString(30),
);

describe('GET /api/sales, /api/sales/{auctionId} and its report', () => {
  itAnswersAnyRead(harness, {
    title: 'any request: never a 5xx, 401 without a session, never a write',
    path: '/api/sales',
    cases: fc.tuple(
      requestSpec({
        path: '/api/sales',
        methods: methodsOf('GET'),
        query: queryString({ sale: plainString(), cursor: hostileString(10) }),
        host: true,
      }),
      fc.option(auctionIds, { nil: null }),
      fc.boolean(),
    ),
    request: async ([spec, auctionId, asReport]) => ({
      spec,
      route: auctionId === null ? sales : asReport ? report : sale,
      context: { params: Promise.resolve({ auctionId: auctionId ?? '' }) },
    }),
    rules: {
      allow: 'GET, HEAD, OPTIONS',
      codes: ['bad_request', 'unauthorized', 'not_found'],
      success: [200],
    },
    session: true,
    reached: ['200', '401 unauthorized', '404 not_found', '405 method_not_allowed'],
    msPerCase: 20,
  });
});
