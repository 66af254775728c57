/** @jest-environment node */
// Property tests of the auth API (sign-in, me, sign-out, session-ended, every method of each)
// through the route handlers on a real in-memory PGlite database. Whatever is sent: never a 5xx;
// a refusal is the JSON envelope with a code of the contract this route answers, at its status,
// and writes nothing; the guards refuse in their order (origin, then content type, then size); a
// success has the shape the console's client reads.
import '@/testing/server/memory-database-env';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { safeNextPath, signInHref } from '@/lib/auth/next-path';
import type { Database } from '@/lib/server/db/database';
import {
  bodyText,
  breakingBodySpec,
  bodyTooLarge,
  buildRequest,
  checkAnswer,
  handlerFor,
  ContractViolation,
  cookieIsValid,
  cookieMaker,
  expectCode,
  expectUnchanged,
  hostileString,
  httpMethods,
  isJsonContentType,
  mayBeTooLarge,
  nearValid,
  plainString,
  queryString,
  requestSpec,
  sessionCookieName,
  Outcomes,
  tableSnapshot,
  type Answer,
  type BuiltRequest,
  type HttpMethod,
  type RequestSpec,
} from '@/testing/server/api-arbitraries';
import { fuzzSettings } from '@/testing/server/fuzz-settings';

const settings = fuzzSettings('auth-api.property.test.ts');

/** A route module, called through `handlerFor` as Next would dispatch to it. */
type Route = object;
type Connection = typeof import('@/lib/server/db/connection');

const password = 'correct horse battery';
/** Each account's role, so that an answer's role is seen to be the account's, not a default. */
const roleOf = { fuzz: 'clerk', steady: 'admin', holder: 'supervisor', gone: 'clerk' } as const;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let signIn: Route;
let me: Route;
let signOut: Route;
let sessionEnded: Route;
let connection: Connection;
let db: Database;
let makeCookie: Awaited<ReturnType<typeof cookieMaker>>;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  signIn = await import('@/app/api/auth/sign-in/route');
  me = await import('@/app/api/auth/me/route');
  signOut = await import('@/app/api/auth/sign-out/route');
  sessionEnded = await import('@/app/api/auth/session-ended/route');
  const { createAccount, disableAccount } = await import('@/lib/server/auth/accounts');
  db = await connection.database();
  // fuzz: any sign-in (and so often locked out); steady: well-formed sign-ins, mostly right;
  // holder: the sessions the cookies carry; gone: disabled.
  const [, , holder, gone] = await Promise.all(
    (['fuzz', 'steady', 'holder', 'gone'] as const).map((loginId) =>
      createAccount(db, {
        loginId,
        displayName: `${loginId} Staff`,
        password,
        role: roleOf[loginId],
      }),
    ),
  );
  await disableAccount(db, 'gone');
  makeCookie = await cookieMaker(db, { enabledId: holder!.id, disabledId: gone!.id });
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

/** Mostly the implemented method, sometimes any other. */
const methodsOf = (implemented: HttpMethod) =>
  fc.oneof(
    { arbitrary: fc.constant(implemented), weight: 6 },
    { arbitrary: fc.constantFrom(...httpMethods), weight: 1 },
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function sentJson(built: BuiltRequest): unknown {
  try {
    return built.bodyText === null ? undefined : JSON.parse(built.bodyText);
  } catch {
    return undefined;
  }
}

const storable = (text: string) => text.isWellFormed() && !text.includes('\u0000');

/** Every string and key is well-formed Unicode without NUL: text any API must take. */
function storableJson(value: unknown): boolean {
  // Iterative: the bodies sent nest thousands deep.
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string' && !storable(next)) return false;
    if (Array.isArray(next)) pending.push(...next);
    else if (isRecord(next)) {
      for (const [key, entry] of Object.entries(next)) {
        if (!storable(key)) return false;
        pending.push(entry);
      }
    }
  }
  return true;
}

/** Failed sign-ins that count against a login id now (the last 15 minutes, not forgiven). */
async function recentFailures(loginId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as failures from sign_in_failures
    where login_id = ${loginId} and forgiven_at is null and failed_at >= now() - interval '15 minutes'
  `)) as unknown as { rows: { failures: number }[] };
  return result.rows[0]!.failures;
}

function setCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((cookie) => cookie.startsWith(`${sessionCookieName}=`));
}

function expectClearedCookie(response: Response, why: string) {
  const [cookie, ...more] = setCookies(response);
  if (
    !cookie ||
    more.length > 0 ||
    !cookie.startsWith(`${sessionCookieName}=;`) ||
    !/Max-Age=0/.test(cookie)
  ) {
    throw new ContractViolation(
      `${why}: the session cookie is not cleared (${JSON.stringify(setCookies(response))})`,
    );
  }
}

/**
 * Checks the refusal a mutation's guards must give, in their order (same origin, then JSON; a 413
 * only for a body that is or says it is too large); true when a guard refused.
 */
function mutationGuard(spec: RequestSpec, built: BuiltRequest, answer: Answer): boolean {
  if (!spec.origin.sameOrigin) {
    expectCode(answer, 'forbidden', `origin evidence "${spec.origin.name}" is not same-origin`);
    return true;
  }
  if (!isJsonContentType(built.request.headers.get('content-type'))) {
    expectCode(answer, 'forbidden', 'the content type is not JSON');
    return true;
  }
  if (answer.code === 'forbidden')
    throw new ContractViolation('403 for a same-origin JSON request');
  if (answer.code === 'payload_too_large' && !mayBeTooLarge(built)) {
    throw new ContractViolation(`413 for a body of ${built.bodyBytes} bytes`);
  }
  return false;
}

// ---- sign-in ----

const loginId = fc.oneof(
  { arbitrary: fc.constantFrom('fuzz', ' FUZZ ', 'Fuzz', 'steady', 'gone', 'nobody'), weight: 3 },
  { arbitrary: plainString(1, 30), weight: 1 },
  { arbitrary: hostileString(30), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'a'.repeat(254),
      'a'.repeat(255),
      'fuzz\n',
      'fuzz\u0000',
      'fu\u007fzz',
      'ｆｕｚｚ',
      'FUZZ\u0130',
      '\ud800fuzz',
    ),
    weight: 1,
  },
);
const passwordValue = fc.oneof(
  { arbitrary: fc.constant(password), weight: 3 },
  { arbitrary: plainString(1, 30), weight: 1 },
  { arbitrary: hostileString(30), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '',
      'p'.repeat(1024),
      'p'.repeat(1025),
      `${password} `,
      password.toUpperCase(),
    ),
    weight: 1,
  },
);
const credentials = fc.record({ loginId, password: passwordValue });

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
  const cookie = await makeCookie(spec.cookie);
  const built = buildRequest(spec, { cookie: cookie.header });
  const json = sentJson(built);
  const sentLoginId =
    isRecord(json) && typeof json.loginId === 'string' && storable(json.loginId)
      ? json.loginId.trim().toLowerCase()
      : null;
  const failuresBefore = sentLoginId === null ? null : await recentFailures(sentLoginId);
  const before = await tableSnapshot(db);
  const response = await handlerFor(signIn, spec.method)(built.request, built.context);
  const answer = await checkAnswer(response, signInRules(spec.method));
  const after = await tableSnapshot(db);

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
    const rows = (await db.execute(
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
          if (mutationGuard(spec, built, answer)) return;
          if (bodyTooLarge(built))
            expectCode(answer, 'payload_too_large', `${built.bodyBytes} bytes`);
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
          const spec: RequestSpec = {
            ...base,
            origin: {
              name: 'same Origin',
              headers: [['origin', 'http://localhost:3000']],
              sameOrigin: true,
            },
            contentType: 'application/json',
            body: {
              payload: JSON.stringify({
                loginId: credentials.loginId,
                password: credentials.password,
              }),
              chunks: 0,
              contentLength: { kind: 'none' },
              breaksAfter: null,
            },
          };
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

// ---- me ----

describe('GET /api/auth/me', () => {
  it(
    'any request: 200 with the staff member for a valid session, else 401 clearing the cookie; never a write',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/auth/me',
        methods: methodsOf('GET'),
        query: queryString({ fields: plainString() }),
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const response = await handlerFor(me, spec.method)(built.request, built.context);
          const answer = await checkAnswer(response, {
            method: spec.method,
            allow: 'GET, HEAD, OPTIONS',
            codes: ['unauthorized'],
            success: [200],
          });
          outcomes.note(answer);
          expectUnchanged(before, await tableSnapshot(db), `${spec.method} /api/auth/me`);
          if (spec.method !== 'GET' && spec.method !== 'HEAD') return;
          const valid = cookieIsValid(spec.cookie);
          if (valid === false) expectCode(answer, 'unauthorized', `cookie ${spec.cookie.kind}`);
          if (valid === true && answer.status !== 200) {
            throw new ContractViolation(`a valid session answered ${answer.status}`);
          }
          if (answer.status === 200 && spec.method === 'GET') {
            expect(answer.body).toEqual({
              loginId: 'holder',
              displayName: 'holder Staff',
              role: 'supervisor',
              mustChangePassword: false,
            });
          }
          if (answer.status === 401 && built.request.cookies.get(sessionCookieName)?.value) {
            expectClearedCookie(response, 'a refused session cookie');
          }
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'GET /api/auth/me',
        ['200', '401 unauthorized', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(50),
  );
});

// ---- sign-out ----

describe('POST /api/auth/sign-out', () => {
  it(
    'any request: the guards in order, then 204 revoking exactly the session it names, or 400 for a body that is not JSON',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/auth/sign-out',
        methods: methodsOf('POST'),
        body: bodyText(fc.oneof(fc.constant({}), fc.jsonValue())),
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const response = await handlerFor(signOut, spec.method)(built.request, built.context);
          const answer = await checkAnswer(response, {
            method: spec.method,
            allow: 'POST, OPTIONS',
            codes: ['bad_request', 'forbidden', 'payload_too_large'],
            success: [204],
          });
          outcomes.note(answer);
          const after = await tableSnapshot(db);
          const valid = cookieIsValid(spec.cookie);
          if (answer.status >= 400 || spec.method !== 'POST') {
            expectUnchanged(before, after, `a refused sign-out (${answer.status})`);
          }
          if (spec.method !== 'POST' || mutationGuard(spec, built, answer)) return;
          if (bodyTooLarge(built))
            return expectCode(answer, 'payload_too_large', `${built.bodyBytes} bytes`);
          const text = built.bodyText ?? '';
          const json = sentJson(built);
          if (text.trim() === '' || (json !== undefined && storableJson(json))) {
            if (answer.status !== 204)
              throw new ContractViolation(`sign-out with a body of JSON answered ${answer.status}`);
          }
          if (json === undefined && text.trim() !== '')
            expectCode(answer, 'bad_request', 'the body is not JSON');
          if (answer.status !== 204) return;
          expect(await response.text()).toBe('');
          expectClearedCookie(response, 'sign-out');
          if (valid === false) expectUnchanged(before, after, 'a sign-out without a valid session');
          if (valid === true) {
            expectUnchanged(before, after, 'a sign-out revokes its session and logs it only', [
              'sessions',
              'activity_events',
            ]);
            const rows = (await db.execute(
              sql`select revoked_reason from sessions where id = ${cookie.sessionId}`,
            )) as unknown as { rows: { revoked_reason: string | null }[] };
            if (rows.rows[0]?.revoked_reason !== 'sign-out') {
              throw new ContractViolation('the signed-out session is not revoked');
            }
          }
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/auth/sign-out',
        [
          '204',
          '400 bad_request',
          '403 forbidden',
          '413 payload_too_large',
          '405 method_not_allowed',
        ],
        settings.runs,
      );
    },
    settings.timeoutMs(50),
  );
});

// ---- session-ended ----

describe('GET /api/auth/session-ended', () => {
  it(
    'any request: 303 to /sign clearing the cookie (to /dash, kept, for a live session), 405 for other methods; never a write',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/auth/session-ended',
        methods: methodsOf('GET'),
        query: queryString({ next: plainString(), reason: hostileString() }),
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const response = await handlerFor(sessionEnded, spec.method)(
            built.request,
            built.context,
          );
          const answer = await checkAnswer(response, {
            method: spec.method,
            allow: 'GET, HEAD, OPTIONS',
            codes: [],
            success: [303],
          });
          outcomes.note(answer);
          expectUnchanged(
            before,
            await tableSnapshot(db),
            `${spec.method} /api/auth/session-ended`,
          );
          if (spec.method === 'GET' || spec.method === 'HEAD') {
            expect(answer.status).toBe(303);
            // A session the database still accepts is not ended by a link: on to its page.
            const location = response.headers.get('location') ?? '';
            const live = !location.startsWith('/sign');
            const valid = cookieIsValid(spec.cookie);
            if (valid !== null) expect(live).toBe(valid);
            // Wherever it leads, it is a page of this console that `next=` may name.
            const next = safeNextPath(built.request.nextUrl.searchParams.get('next'));
            if (live) {
              expect(location).toBe(next ?? '/dash');
              expect(setCookies(response)).toEqual([]);
            } else {
              expect(location).toBe(signInHref(next ?? '/dash'));
              expectClearedCookie(response, 'session-ended');
            }
          }
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'GET /api/auth/session-ended',
        ['303', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(50),
  );
});

describe('POST /api/auth/sign-in and sign-out', () => {
  it(
    "a body that breaks off midway (the browser's connection drops): never a 5xx, nothing written",
    async () => {
      const transport = (path: string) =>
        requestSpec({
          path,
          methods: fc.constant('POST'),
          body: bodyText(nearValid(credentials)),
          transport: breakingBodySpec,
        });
      const cases = fc.oneof(transport('/api/auth/sign-in'), transport('/api/auth/sign-out'));
      await fc.assert(
        fc.asyncProperty(cases, async (spec) => {
          const name = spec.path === '/api/auth/sign-in' ? 'sign-in' : 'sign-out';
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const route = name === 'sign-in' ? signIn : signOut;
          const answer = await checkAnswer(
            await handlerFor(route, 'POST')(built.request, built.context),
            {
              method: 'POST',
              allow: 'POST, OPTIONS',
              codes: ['bad_request', 'forbidden', 'payload_too_large'],
              // A sign-in whose body never arrived whole cannot be taken; a sign-out needs none.
              success: name === 'sign-out' ? [204] : [],
            },
          );
          const revoked = answer.status === 204 ? (['sessions'] as const) : [];
          expectUnchanged(
            before,
            await tableSnapshot(db),
            `a broken-off ${name} (${answer.status})`,
            revoked,
          );
        }),
        settings.parameters(0.25),
      );
    },
    settings.timeoutMs(80, 0.25),
  );
});
