/** @jest-environment node */
// Property tests of POST /api/auth/sign-in (and every other method of the path) through its route
// handler on a real in-memory PGlite database. Whatever is sent: never a 5xx; a refusal is the
// JSON envelope with a code of the contract, at its status, and writes only what a failed attempt
// counts and logs; the guards refuse in their order (origin, then content type, then size); a
// sign-in has the shape the console's client reads, for the right password of an enabled account.
import '@/testing/server/memory-database-env';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  bodyText,
  buildRequest,
  checkAnswer,
  ContractViolation,
  expectCode,
  expectUnchanged,
  handlerFor,
  nearValid,
  Outcomes,
  plainString,
  queryString,
  requestSpec,
  tableSnapshot,
  type HttpMethod,
  type RequestSpec,
} from '@/testing/server/api-arbitraries';
import {
  isRecord,
  methodsOf,
  mutationGuard,
  sameOriginJson,
  sentJson,
} from '@/testing/server/property-blocks';
import {
  authPropertyHarness,
  credentials,
  password,
  roleOf,
  setCookies,
  storable,
} from './auth-property-fixture';

const harness = authPropertyHarness('sign-in.property.test.ts');
const { settings } = harness;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let signIn: object;

beforeAll(async () => {
  signIn = await import('@/app/api/auth/sign-in/route');
});

/** Failed sign-ins that count against a login id now (the last 15 minutes, not forgiven). */
async function recentFailures(loginId: string): Promise<number> {
  const result = (await harness.db().execute(sql`
    select count(*)::int as failures from sign_in_failures
    where login_id = ${loginId} and forgiven_at is null and failed_at >= now() - interval '15 minutes'
  `)) as unknown as { rows: { failures: number }[] };
  return result.rows[0]!.failures;
}

const signInRules = (method: HttpMethod) => ({
  method,
  allow: 'POST, OPTIONS',
  codes: [
    'bad_request',
    'invalid_credentials',
    'forbidden',
    'payload_too_large',
    'rate_limited',
  ] as const,
  success: [200],
});

/** Sends a sign-in and checks everything that holds whatever the request was. */
async function sendSignIn(spec: RequestSpec) {
  const cookie = await harness.makeCookie(spec.cookie);
  const built = buildRequest(spec, { cookie: cookie.header });
  const json = sentJson(built);
  const sentLoginId =
    isRecord(json) && typeof json.loginId === 'string' && storable(json.loginId)
      ? json.loginId.trim().toLowerCase()
      : null;
  const failuresBefore = sentLoginId === null ? null : await recentFailures(sentLoginId);
  const before = await tableSnapshot(harness.db());
  const response = await handlerFor(signIn, spec.method)(built.request, built.context);
  const answer = await checkAnswer(response, signInRules(spec.method));
  const after = await tableSnapshot(harness.db());

  if (answer.status === 200) {
    const body = answer.body;
    if (
      !isRecord(body) ||
      Object.keys(body).sort().join() !== 'accessTokenId,user' ||
      !isRecord(body.user) ||
      Object.keys(body.user).sort().join() !== 'displayName,loginId,mustChangePassword,role' ||
      body.user.mustChangePassword !== false ||
      typeof body.user.displayName !== 'string' ||
      body.user.role !== roleOf[body.user.loginId as keyof typeof roleOf] ||
      typeof body.accessTokenId !== 'string' ||
      !uuidPattern.test(body.accessTokenId)
    ) {
      throw new ContractViolation(`a sign-in answer of the wrong shape: ${JSON.stringify(body)}`);
    }
    if (body.user.loginId !== sentLoginId) {
      throw new ContractViolation(
        `signed in as ${String(body.user.loginId)}, asked for ${sentLoginId}`,
      );
    }
    const [cookieSet, ...more] = setCookies(response);
    if (!cookieSet || more.length > 0 || /Max-Age=0\b/.test(cookieSet)) {
      throw new ContractViolation('a sign-in without exactly one new session cookie');
    }
    // And the device cookie that keeps this browser's own sign-in allowance (§15).
    const devices = response.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith('__Host-gavel_device='));
    if (devices.length !== 1) throw new ContractViolation('a sign-in without one device cookie');
    const rows = (await harness
      .db()
      .execute(
        sql`select count(*)::int as n from sessions where id = ${body.accessTokenId} and revoked_at is null`,
      )) as unknown as { rows: { n: number }[] };
    if (rows.rows[0]!.n !== 1)
      throw new ContractViolation('the session answered is not in the database');
    expectUnchanged(
      before,
      after,
      'a sign-in writes a session, its limit counters and the activity log only',
      ['sessions', 'sign_in_failures', 'activity_events'],
    );
  } else if (answer.status >= 400) {
    if (setCookies(response).length > 0)
      throw new ContractViolation('a refused sign-in set a cookie');
    // A failed attempt is counted and logged; a refusal by the limit is logged (§15): the only
    // writes a refusal makes, by design.
    const counted =
      answer.code === 'invalid_credentials'
        ? (['sign_in_failures', 'activity_events'] as const)
        : answer.code === 'rate_limited'
          ? (['activity_events'] as const)
          : [];
    expectUnchanged(before, after, `a refused sign-in (${answer.status})`, counted);
    if (answer.code === 'rate_limited' && (failuresBefore ?? 0) < 10) {
      throw new ContractViolation(`429 with ${failuresBefore} recent failures for ${sentLoginId}`);
    }
  }
  return { built, answer, sentLoginId, failuresBefore };
}

describe('POST /api/auth/sign-in', () => {
  it(
    'any request: no 5xx, the envelope, the guards in order, nothing written when refused',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/auth/sign-in',
        methods: methodsOf('POST'),
        query: queryString({ next: plainString(), loginId: plainString() }),
        body: bodyText(nearValid(credentials)),
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const { built, answer } = await sendSignIn(spec);
          outcomes.note(answer);
          if (spec.method !== 'POST') return;
          mutationGuard(spec, built, answer);
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/auth/sign-in',
        // Successes and wrong passwords are the next property's business: this one mostly stops
        // before the password hash, which costs ~0.1 s a case.
        ['400 bad_request', '403 forbidden', '413 payload_too_large', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(200),
  );

  it(
    'well-formed credentials: 200 for the right password of an enabled account, else 401, 429 only past the limit',
    async () => {
      const outcomes = new Outcomes();
      const steadyLoginId = fc.constantFrom('steady', ' STEADY', 'Steady ');
      const cases = fc.oneof(
        {
          arbitrary: fc.record({
            loginId: steadyLoginId,
            password: fc.constant(password),
            right: fc.constant(true),
          }),
          weight: 5,
        },
        {
          arbitrary: fc.record({
            loginId: steadyLoginId,
            password: fc.oneof(
              plainString(1, 30),
              fc.constantFrom(`${password} `, password.toUpperCase()),
            ),
            right: fc.constant(false),
          }),
          weight: 1,
        },
        {
          arbitrary: fc.record({
            loginId: fc.oneof(
              fc.constantFrom('gone', 'nobody', 'GONE'),
              plainString(1, 20).filter((text) => text.trim() !== ''),
            ),
            password: fc.oneof(fc.constant(password), plainString(1, 30)),
            right: fc.constant(false),
          }),
          weight: 2,
        },
      );
      const spec = fc.tuple(
        cases,
        requestSpec({ path: '/api/auth/sign-in', methods: fc.constant('POST') }),
      );
      await fc.assert(
        fc.asyncProperty(spec, async ([credentials, base]) => {
          const spec = sameOriginJson(base, {
            loginId: credentials.loginId,
            password: credentials.password,
          });
          const { answer, sentLoginId, failuresBefore } = await sendSignIn(spec);
          outcomes.note(answer);
          if ((failuresBefore ?? 0) >= 10) {
            expectCode(
              answer,
              'rate_limited',
              `${sentLoginId} has ${failuresBefore} recent failures`,
            );
          } else if (credentials.right) {
            if (answer.status !== 200) {
              throw new ContractViolation(
                `the right password of ${sentLoginId} answered ${answer.status}`,
              );
            }
          } else {
            expectCode(answer, 'invalid_credentials', `wrong credentials for ${sentLoginId}`);
          }
        }),
        settings.parameters(0.25),
      );
      outcomes.expectReached(
        'POST /api/auth/sign-in (well-formed)',
        ['200', '401 invalid_credentials'],
        settings.runs,
      );
    },
    settings.timeoutMs(300, 0.25),
  );
});
