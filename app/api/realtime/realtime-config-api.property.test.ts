/** @jest-environment node */
// Property tests of GET /api/realtime/config (and every other method of the path) through its
// route handler on a real in-memory PGlite database. Whatever is sent: never a 5xx; a refusal is
// the JSON envelope with a code of the contract, at its status; 401 without a session; with one,
// the browser's settings for a client id that is a UUID (never a publish or secret key), else 400;
// never a write.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import { realtimeConfigSchema } from '@/lib/realtime/realtime-config';
import {
  ContractViolation,
  expectCode,
  expectShape,
  hostileString,
  queryString,
  requestSpec,
} from '@/testing/server/api-arbitraries';
import { itAnswersAnyRead, methodsOf } from '@/testing/server/property-blocks';
import { propertyHarness } from '@/testing/server/property-harness';

// The embedded relay on RELAY_PORT, no PubNub keys: nothing from the machine running the tests.
process.env.RELAY_PORT = '4123';
process.env.PUBNUB_CIPHER_KEY = 'cipher-for-tests';
delete process.env.PUBNUB_SUBSCRIBE_KEY;
delete process.env.PUBNUB_PUBLISH_KEY;
delete process.env.PUBNUB_SECRET_KEY;
delete process.env.APP_ENV;

const harness = propertyHarness('realtime-config-api.property.test.ts', {
  enabled: { loginId: 'watcher', displayName: 'Watcher' },
  disabled: { loginId: 'gone', displayName: 'Gone' },
});

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let route: object;

beforeAll(async () => {
  route = await import('@/app/api/realtime/config/route');
});

const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const clientId = fc.oneof(
  { arbitrary: fc.uuid({ version: 4 }), weight: 6 },
  { arbitrary: fc.uuid(), weight: 1 },
  { arbitrary: fc.uuid().map((uuid) => uuid.toUpperCase()), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '00000000-0000-0000-0000-000000000000',
      '6f1c2b3a4d5e4f608a7b9c0d1e2f3a4b',
      '{6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b}',
      '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4bx',
      'not-a-uuid',
    ),
    weight: 1,
  },
  { arbitrary: hostileString(40), weight: 1 },
);

describe('GET /api/realtime/config', () => {
  itAnswersAnyRead(harness, {
    title:
      'any request: 401 without a session, the settings for a UUID client id or none, else 400; never a write',
    path: '/api/realtime/config',
    cases: requestSpec({
      path: '/api/realtime/config',
      methods: methodsOf('GET'),
      query: queryString({ clientId }),
      host: true,
    }),
    request: async (spec) => ({ spec, route }),
    rules: { allow: 'GET, HEAD, OPTIONS', codes: ['bad_request', 'unauthorized'], success: [200] },
    session: true,
    check: ({ spec, built, answer, valid }) => {
      if (valid !== true) return;
      // A client id given twice, differently: which one counts is the server's choice.
      const values = built.request.nextUrl.searchParams.getAll('clientId');
      const given = new Set(values).size > 1 ? null : (values[0] ?? '');
      if (given === null) {
        if (answer.status === 200 && spec.method === 'GET') {
          expectShape(realtimeConfigSchema, answer.body, 'the realtime settings');
        }
        return;
      }
      // No client id at all: the bare path of the contract, answered like a good one.
      const absent = values.length === 0;
      if ((absent || v4.test(given)) && answer.status !== 200) {
        throw new ContractViolation(`client id ${given} answered ${answer.status}`);
      }
      if (!absent && !uuidShape.test(given))
        expectCode(answer, 'bad_request', `client id ${JSON.stringify(given)}`);
      if (answer.status !== 200 || spec.method === 'HEAD') return;

      expectShape(realtimeConfigSchema, answer.body, 'the realtime settings');
      const config = answer.body as { origin: string; ssl: boolean; channel: string };
      if (/publish|secret|embedded-pub/i.test(JSON.stringify(answer.body))) {
        throw new ContractViolation('the settings hand out a publish or secret key');
      }
      expect(config).toMatchObject({
        ssl: false,
        channel: 'bids',
        staffChannel: 'staff',
        cipherKey: 'cipher-for-tests',
      });
      // The relay on the host the browser used: a host name, never a path or credentials.
      if (!/^[^/@\s]+:4123$/.test(config.origin)) {
        throw new ContractViolation(`relay origin ${JSON.stringify(config.origin)}`);
      }
    },
    reached: ['200', '400 bad_request', '401 unauthorized', '405 method_not_allowed', '204'],
    msPerCase: 60,
  });
});
