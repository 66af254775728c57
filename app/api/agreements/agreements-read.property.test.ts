/** @jest-environment node */
// Property tests of the agreements API's reads (the list, an agreement's history, every method of
// each) through the route handlers on a real in-memory PGlite database. Whatever is sent: never a
// 5xx; a refusal is the JSON envelope with a code of the contract this route answers, at its
// status; 401 without a session; a success has the product's own response shape and says what
// was asked; never a write. The decisions are agreements-decision.property.test.ts's.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import {
  agreementHistorySchema,
  agreementListSchema,
  type Agreement,
} from '@/lib/agreements/agreement';
import {
  ContractViolation,
  edgeNumber,
  expectShape,
  hostileString,
  idPlan,
  plainString,
  queryString,
  requestSpec,
  type BuiltRequest,
} from '@/testing/server/api-arbitraries';
import { itAnswersAnyRead, methodsOf } from '@/testing/server/property-blocks';
import { agreementsPropertyFixture } from './agreements-property-fixture';

// The embedded default token and configuration: nothing from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const { harness, resolveId } = agreementsPropertyFixture('agreements-read.property.test.ts');

/** Route modules, called through `handlerFor` as Next would dispatch to them. */
let list: object;
let history: object;

beforeAll(async () => {
  list = await import('@/app/api/agreements/route');
  history = await import('@/app/api/agreements/[id]/route');
});

// ---- GET /api/agreements ----

const statuses = ['pending', 'approved', 'rejected'] as const;
const listQuery = queryString({
  status: fc.oneof(
    { arbitrary: fc.constantFrom(...statuses), weight: 4 },
    fc.constantFrom('Pending', 'PENDING', 'all', 'decided', 'pending ', '__proto__'),
  ),
  limit: fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 100 }).map(String), weight: 3 },
    fc.constantFrom(
      '0',
      '101',
      '-1',
      '1.5',
      '1e2',
      ' 5',
      'abc',
      '0x10',
      'Infinity',
      '9007199254740993',
      '1e400',
    ),
    edgeNumber.map(String),
  ),
  cursor: fc.oneof(
    fc.nat({ max: 1_000_000 }).map((seq) => `a1.${Buffer.from(String(seq)).toString('base64url')}`),
    fc.constantFrom(
      'a1.',
      'a1.MTIzNDU2Nzg5MDEyMzQ1Njc4OTA',
      'a1.LTE',
      'a1.MS41',
      'a2.MQ',
      'a1.%%%',
      'a1.' + 'A'.repeat(300),
    ),
    plainString(0, 40),
  ),
  q: fc.oneof(
    plainString(0, 20),
    fc.constantFrom(
      'Omega',
      'cartier',
      'PADDLE 1',
      '%',
      '_',
      '\\',
      "'",
      'a'.repeat(200),
      'a'.repeat(201),
    ),
    hostileString(20),
  ),
});

/**
 * The query's parameters, empty ones counting as absent; null when one is given twice with
 * different values (which of them counts is the server's choice, not the contract's).
 */
function parametersOf(built: BuiltRequest): Record<string, string> | null {
  const values = new Map<string, Set<string>>();
  for (const [name, value] of built.request.nextUrl.searchParams) {
    if (value !== '') values.set(name, (values.get(name) ?? new Set()).add(value));
  }
  if ([...values.values()].some((given) => given.size > 1)) return null;
  return Object.fromEntries([...values].map(([name, given]) => [name, [...given][0]!]));
}

describe('GET /api/agreements', () => {
  itAnswersAnyRead(harness, {
    title:
      'any request: 401 without a session, else a page of the asked status and size, or 400; never a write',
    path: '/api/agreements',
    cases: requestSpec({
      path: '/api/agreements',
      methods: methodsOf('GET'),
      query: listQuery,
      host: true,
    }),
    request: async (spec) => ({ spec, route: list }),
    rules: { allow: 'GET, HEAD, OPTIONS', codes: ['bad_request', 'unauthorized'], success: [200] },
    session: true,
    check: ({ spec, built, answer, valid }) => {
      if (valid !== true) return;
      const parameters = parametersOf(built);
      if (parameters === null) {
        if (answer.status === 200 && spec.method === 'GET') {
          expectShape(agreementListSchema, answer.body, 'a page');
        }
        return;
      }
      const status = parameters.status ?? 'pending';
      const limit = parameters.limit === undefined ? 25 : Number(parameters.limit);
      const q = parameters.q?.trim();
      const known = Object.keys(parameters).every((name) =>
        ['status', 'limit', 'cursor', 'q'].includes(name),
      );
      const plainlyValid =
        known &&
        (statuses as readonly string[]).includes(status) &&
        (parameters.limit === undefined || /^(100|[1-9]\d?)$/.test(parameters.limit)) &&
        parameters.cursor === undefined &&
        (parameters.q === undefined || /^[\x20-\x7e]{0,200}$/.test(parameters.q));
      if (plainlyValid && answer.status !== 200) {
        throw new ContractViolation(`a plainly valid query answered ${answer.status}`);
      }
      if (answer.status !== 200 || spec.method === 'HEAD') return;

      expectShape(agreementListSchema, answer.body, 'a page');
      const page = answer.body as { items: Agreement[]; nextCursor: string | null };
      if (!(statuses as readonly string[]).includes(status)) {
        throw new ContractViolation(`a page for the unknown status ${JSON.stringify(status)}`);
      }
      if (page.items.some((item) => item.status !== status)) {
        throw new ContractViolation(`an item not ${status} in a page of ${status}`);
      }
      if (!(page.items.length <= limit)) {
        throw new ContractViolation(`${page.items.length} items for limit ${parameters.limit}`);
      }
      if (q && /^[\x20-\x7e]*$/.test(q)) {
        // Every word of q is in one of the four fields (§12: AND of words, any field).
        const words = q.toLowerCase().split(/\s+/).filter(Boolean);
        const stray = page.items.find((item) => {
          const fields = [item.lotTitle, item.lotId, item.auctionId, item.buyer].map((field) =>
            field.toLowerCase(),
          );
          return !words.every((word) => fields.some((field) => field.includes(word)));
        });
        if (stray) throw new ContractViolation(`${stray.lotTitle} does not match q=${q}`);
      }
      const ids = page.items.map((item) => item.id);
      if (new Set(ids).size !== ids.length) throw new ContractViolation('an item twice');
    },
    reached: ['200', '400 bad_request', '401 unauthorized', '405 method_not_allowed'],
    msPerCase: 60,
  });
});

// ---- GET /api/agreements/{id} ----

describe('GET /api/agreements/{id}', () => {
  itAnswersAnyRead(harness, {
    title:
      'any request: 401 without a session, the agreement and its log for an id that exists, else 404; never a write',
    path: '/api/agreements/{id}',
    cases: requestSpec({
      path: '/api/agreements/{id}',
      methods: methodsOf('GET'),
      id: idPlan,
      query: queryString({ include: plainString() }),
      host: true,
    }),
    request: async (spec) => {
      const { id, agreement } = await resolveId(spec.id!);
      return { spec, route: history, id, detail: agreement };
    },
    rules: {
      allow: 'GET, HEAD, OPTIONS',
      // A path the server cannot decode may be a 400 instead of a 404.
      codes: ['bad_request', 'unauthorized', 'not_found'],
      success: [200],
    },
    session: true,
    check: ({ spec, answer, valid, detail: agreement }) => {
      if (valid !== true) return;
      if (agreement && answer.status !== 200) {
        throw new ContractViolation(`an existing agreement answered ${answer.status}`);
      }
      if (!agreement && answer.status === 200) {
        throw new ContractViolation(`200 for an id that names no agreement`);
      }
      if (answer.status === 400 && !(spec.id?.kind === 'given' && spec.id.raw)) {
        throw new ContractViolation('400 for an id that decodes');
      }
      if (answer.status !== 200 || spec.method === 'HEAD') return;
      expectShape(agreementHistorySchema, answer.body, 'a history');
      const { agreement: shown, decisions } = answer.body as {
        agreement: Agreement;
        decisions: unknown[];
      };
      expect(shown.id).toBe(agreement!.id);
      expect(decisions).toHaveLength(shown.status === 'pending' ? 0 : 1);
    },
    reached: ['200', '404 not_found', '401 unauthorized', '405 method_not_allowed'],
    msPerCase: 60,
  });
});
