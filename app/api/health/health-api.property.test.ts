/** @jest-environment node */
// Property tests of GET /api/health (every method) through its route handler on a real in-memory
// PGlite database: whatever is sent, the answer is 200 {status: ok, db: ok} to GET, the same
// without a body to HEAD, 204 to OPTIONS and a 405 envelope otherwise, and nothing is written.
// Also checks that the contract checks shared by every property file can fail at all.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import {
  bodyText,
  buildRequest,
  checkAnswer,
  ContractViolation,
  expectUnchanged,
  hostileString,
  nearValid,
  queryString,
  requestSpec,
  plainString,
  tableSnapshot,
} from '@/testing/server/api-arbitraries';
import { itAnswersAnyRead, methodsOf } from '@/testing/server/property-blocks';
import { propertyHarness } from '@/testing/server/property-harness';

const harness = propertyHarness('health-api.property.test.ts', {
  enabled: { loginId: 'well', displayName: 'Well' },
  disabled: { loginId: 'ill', displayName: 'Ill' },
});
const db = () => harness.db();

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let route: object;

beforeAll(async () => {
  route = await import('@/app/api/health/route');
});

describe('/api/health, every method, any request', () => {
  itAnswersAnyRead(harness, {
    title: 'answers without a 5xx, in the envelope when refused, and writes nothing',
    path: '/api/health',
    cases: requestSpec({
      path: '/api/health',
      methods: methodsOf('GET', 4),
      query: queryString({ verbose: plainString(), db: plainString(), check: plainString() }),
      host: true,
    }),
    request: async (spec) => ({ spec, route }),
    rules: { allow: 'GET, HEAD, OPTIONS', codes: [], success: [200] },
    session: false,
    check: ({ spec, answer }) => {
      if (spec.method === 'GET') expect(answer.body).toEqual({ status: 'ok', db: 'ok' });
      expect(answer.status).toBe(200);
    },
    reached: ['200', '204', '405 method_not_allowed'],
    msPerCase: 50,
  });
});

// The shared checks must be able to fail, or every property above and in the other files would
// pass whatever the routes did.
describe('the contract checks', () => {
  const rules = {
    method: 'POST' as const,
    allow: 'POST, OPTIONS',
    codes: ['bad_request' as const, 'rate_limited' as const],
    success: [200],
  };
  const envelope = (code: string, status: number, headers: Record<string, string> = {}) =>
    Response.json(
      { error: { code, message: 'Something.' } },
      {
        status,
        headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers },
      },
    );
  const apiHeaders = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

  it.each<[string, () => Response, string]>([
    [
      'a bare 500',
      () => new Response('Internal Server Error', { status: 500, headers: apiHeaders }),
      '5xx',
    ],
    ['a 500 in the envelope', () => envelope('internal', 500), '5xx'],
    ["Next's own bare 405", () => new Response(null, { status: 405, headers: apiHeaders }), 'JSON'],
    ['a code outside the contract', () => envelope('teapot', 418), 'not in the contract'],
    ['a code this route does not answer', () => envelope('not_found', 404), 'not one this route'],
    ['a status that does not go with the code', () => envelope('bad_request', 422), 'does not go'],
    ['a 429 without Retry-After', () => envelope('rate_limited', 429), 'Retry-After'],
    [
      'an envelope with more fields',
      () =>
        Response.json(
          { error: { code: 'bad_request', message: 'x' }, stack: 'at x' },
          { status: 400, headers: apiHeaders },
        ),
      'other fields',
    ],
    [
      'an answer without no-store',
      () => Response.json({ error: { code: 'bad_request', message: 'x' } }, { status: 400 }),
      'no-store',
    ],
    [
      'a success status the route does not answer',
      () => new Response(null, { status: 201, headers: apiHeaders }),
      'not one this route answers',
    ],
  ])('refuse %s', async (_name, makeResponse, why) => {
    await expect(checkAnswer(makeResponse(), rules)).rejects.toThrow(why);
  });

  it('takes a well-formed refusal and a 405 with its Allow', async () => {
    await expect(checkAnswer(envelope('bad_request', 400), rules)).resolves.toMatchObject({
      status: 400,
      code: 'bad_request',
    });
    await expect(
      checkAnswer(envelope('method_not_allowed', 405, { allow: 'POST, OPTIONS' }), {
        ...rules,
        method: 'PUT',
      }),
    ).resolves.toMatchObject({ code: 'method_not_allowed' });
    await expect(
      checkAnswer(envelope('method_not_allowed', 405, { allow: 'GET' }), {
        ...rules,
        method: 'PUT',
      }),
    ).rejects.toThrow('Allow');
  });

  it('sees a write in every table a refusal must leave alone', async () => {
    const { createSession, revokeSession } = await import('@/lib/server/auth/sessions');
    const { ingestAgreements } = await import('@/lib/server/agreements/ingest');
    const { findAccount } = await import('@/lib/server/auth/accounts');
    const { recordSignInFailure } = await import('@/lib/server/auth/rate-limit');
    const account = (await findAccount(db(), 'well'))!;
    const writes: [string, () => Promise<unknown>][] = [
      ['sessions', () => createSession(db(), account.id, process.env.SESSION_SECRET!)],
      [
        'agreements',
        () =>
          ingestAgreements(db(), [
            {
              platformId: `check-${Date.now()}`,
              auctionId: 'a',
              lotId: 'l',
              lotTitle: 't',
              buyer: 'b',
              amount: 1,
              currency: 'EUR',
              closedAt: '2026-01-01T00:00:00Z',
            },
          ]),
      ],
      ['sign_in_failures', () => recordSignInFailure(db(), 'someone', null)],
    ];
    for (const [table, write] of writes) {
      const before = await tableSnapshot(db());
      expect(() => expectUnchanged(before, before, 'nothing')).not.toThrow();
      await write();
      const after = await tableSnapshot(db());
      expect(() => expectUnchanged(before, after, 'a write')).toThrow(ContractViolation);
      expect(() => expectUnchanged(before, after, 'a write')).toThrow(table);
      expect(() => expectUnchanged(before, after, 'a write', [table as never])).not.toThrow();
    }
    // A revocation changes no row count: the digest must see it.
    const { sessionId } = await createSession(db(), account.id, process.env.SESSION_SECRET!);
    const before = await tableSnapshot(db());
    await revokeSession(db(), sessionId, 'sign-out');
    expect(() => expectUnchanged(before, { ...before, sessions: 'x' }, 'x')).toThrow('sessions');
    const after = await tableSnapshot(db());
    expect(after.sessions.split(':')[0]).toBe(before.sessions.split(':')[0]);
    expect(after.sessions).not.toBe(before.sessions);
  });

  // What the property files do, against stand-in routes that fail the way defects would.
  /** The message of what made a property fail (fast-check keeps it as the error's cause). */
  const failureOf = (run: Promise<void>) =>
    run.then(
      () => 'the property held',
      (error: Error) => `${error.message}\n${String(error.cause)}`,
    );
  const anyPost = requestSpec({
    path: '/api/stand-in',
    methods: fc.constant('POST'),
    body: bodyText(nearValid(fc.record({ name: hostileString(), count: fc.nat() }))),
  });
  const postRules = {
    method: 'POST' as const,
    allow: 'POST, OPTIONS',
    codes: ['bad_request' as const],
    success: [200],
  };

  it('finds a route that answers 500 to a body holding a lone surrogate', async () => {
    const standIn = async (request: Request) => {
      const text = await request.text();
      return /\\u[dD][89a-fA-F]/.test(text)
        ? Response.json(
            { error: { code: 'internal', message: 'x' } },
            { status: 500, headers: apiHeaders },
          )
        : Response.json({ ok: true }, { headers: apiHeaders });
    };
    const property = fc.asyncProperty(anyPost, async (spec) => {
      const built = buildRequest(spec, { cookie: null });
      await checkAnswer(await standIn(built.request), postRules);
    });
    expect(await failureOf(fc.assert(property, { numRuns: 500, seed: 1 }))).toMatch(/a 5xx answer/);
  });

  it('finds a route that writes when it refuses', async () => {
    const { recordSignInFailure } = await import('@/lib/server/auth/rate-limit');
    const standIn = async (request: Request) => {
      const text = await request.text();
      if (text.includes('count')) return Response.json({ ok: true }, { headers: apiHeaders });
      await recordSignInFailure(db(), 'stand-in', null);
      return Response.json(
        { error: { code: 'bad_request', message: 'x' } },
        { status: 400, headers: apiHeaders },
      );
    };
    const property = fc.asyncProperty(anyPost, async (spec) => {
      const built = buildRequest(spec, { cookie: null });
      const before = await tableSnapshot(db());
      const answer = await checkAnswer(await standIn(built.request), postRules);
      if (answer.status >= 400) expectUnchanged(before, await tableSnapshot(db()), 'a refusal');
    });
    expect(await failureOf(fc.assert(property, { numRuns: 200, seed: 1 }))).toMatch(
      /a refusal, yet it changed sign_in_failures/,
    );
  });
});
