/** @jest-environment node */
// Property tests of POST /api/platform/agreements (and every other method of the path) through
// its route handler on a real in-memory PGlite database. Whatever is sent: never a 5xx; a refusal
// is the JSON envelope with a code of the contract, at its status, and writes nothing; the bearer
// token is checked first and the caller's origin never matters; an accepted batch answers one
// agreement per item, stores what was sent, and only dates the domain can have.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import { agreementSchema, type Agreement } from '@/lib/agreements/agreement';
import {
  bodyText,
  ContractViolation,
  expectCode,
  expectShape,
  expectUnchanged,
  mayBeTooLarge,
  Outcomes,
  plainString,
  queryString,
  requestSpec,
} from '@/testing/server/api-arbitraries';
import {
  isRecord,
  itTakesNoBrokenBody,
  methodsOf,
  mutationGuard,
  rowCount,
  sentJson,
} from '@/testing/server/property-blocks';
import { propertyHarness } from '@/testing/server/property-harness';
import { hour, ingestBody, plainlyValidBatch } from './platform-ingest-arbitraries';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

// Staff sessions: a cookie is no credential here, whatever it holds.
const harness = propertyHarness('platform-ingest-api.property.test.ts', {
  enabled: { loginId: 'staff', displayName: 'Staff' },
  disabled: { loginId: 'gone', displayName: 'Gone' },
});
const { settings } = harness;

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let ingest: object;

beforeAll(async () => {
  ingest = await import('@/app/api/platform/agreements/route');
});

describe('POST /api/platform/agreements', () => {
  it(
    'any request: token first, then JSON and size, then 400 or an answer per item; nothing written when refused',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/platform/agreements',
        methods: methodsOf('POST', 8),
        query: queryString({ dryRun: fc.constant('1'), items: plainString() }),
        body: bodyText(ingestBody),
        authorization: true,
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const { built, response, answer, before, after } = await harness.send(ingest, spec, {
            allow: 'POST, OPTIONS',
            codes: ['bad_request', 'unauthorized', 'forbidden', 'payload_too_large'],
            success: [200],
          });
          outcomes.note(answer);
          if (answer.status !== 200)
            expectUnchanged(before, after, `a refused ingest (${answer.status})`);
          if (spec.method !== 'POST') return;

          const token = spec.authorization!.valid;
          if (token === false) {
            expectCode(answer, 'unauthorized', 'no valid platform token');
            if (!/^Bearer\b/.test(response.headers.get('www-authenticate') ?? '')) {
              throw new ContractViolation('a 401 without WWW-Authenticate: Bearer');
            }
            return;
          }
          if (token === null) return;
          // Server to server: whatever Origin the caller sends (or none) is no reason to refuse.
          if (mutationGuard(spec, built, answer, { sameOrigin: false })) return;
          const json = sentJson(built);
          if (plainlyValidBatch(json) && !mayBeTooLarge(built) && answer.status !== 200) {
            throw new ContractViolation(`a plainly valid batch answered ${answer.status}`);
          }
          if (answer.status !== 200) return;

          const sent = (json as { items: Record<string, unknown>[] }).items;
          const body = answer.body;
          if (
            !isRecord(body) ||
            Object.keys(body).sort().join() !== 'created,items' ||
            !Array.isArray(body.items)
          ) {
            throw new ContractViolation(
              `an ingest answer of the wrong shape: ${JSON.stringify(body).slice(0, 300)}`,
            );
          }
          const items = body.items as Agreement[];
          items.forEach((item, index) => expectShape(agreementSchema, item, `items[${index}]`));
          if (items.length !== sent.length)
            throw new ContractViolation(`${items.length} answers for ${sent.length} items`);
          const created = body.created;
          if (
            !Number.isSafeInteger(created) ||
            (created as number) < 0 ||
            (created as number) > sent.length
          ) {
            throw new ContractViolation(`created is ${String(created)} for ${sent.length} items`);
          }
          expectUnchanged(before, after, 'an ingest writes agreements only', ['agreements']);
          expect(rowCount(after.agreements)).toBe(
            rowCount(before.agreements) + (created as number),
          );

          const distinct = new Set(sent.map((item) => String(item.platformId).trim()));
          sent.forEach((item, index) => {
            const answered = items[index]!;
            expect(answered.platformId).toBe(String(item.platformId).trim());
            // Only dates the domain can have are stored: from 1970 to a day past this clock.
            const closed = Date.parse(answered.closedAt);
            if (!(closed >= Date.UTC(1970, 0, 1) && closed <= Date.now() + 24 * hour)) {
              throw new ContractViolation(`closedAt ${answered.closedAt} was stored`);
            }
            if (created !== distinct.size) return;
            // A platform id given again in the same batch is answered with the row its first
            // occurrence created, not with what the repeat carried.
            const first = sent.findIndex(
              (other) => String(other.platformId).trim() === String(item.platformId).trim(),
            );
            if (first !== index) {
              expect(answered).toEqual(items[first]);
              return;
            }
            // Every item was new: each first occurrence's answer is what was sent, trimmed.
            expect(answered).toEqual({
              ...answered,
              auctionId: String(item.auctionId).trim(),
              lotId: String(item.lotId).trim(),
              lotTitle: String(item.lotTitle).trim(),
              buyer: String(item.buyer).trim(),
              amount: item.amount === -0 ? 0 : item.amount,
              currency: item.currency,
              closedAt: new Date(item.closedAt as string).toISOString(),
              status: 'pending',
              version: 1,
              decidedAt: null,
              decidedBy: null,
              decidedByName: null,
              reason: null,
            });
          });
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/platform/agreements',
        [
          '200',
          '400 bad_request',
          '401 unauthorized',
          '403 forbidden',
          '413 payload_too_large',
          '405 method_not_allowed',
        ],
        settings.runs,
      );
    },
    settings.timeoutMs(80),
  );

  itTakesNoBrokenBody(harness, {
    who: 'caller',
    body: bodyText(ingestBody),
    targets: [{ name: 'ingest', path: '/api/platform/agreements', route: () => ingest }],
    codes: ['bad_request', 'unauthorized', 'forbidden', 'payload_too_large'],
    authorization: true,
  });
});
