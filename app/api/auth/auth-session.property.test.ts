/** @jest-environment node */
// Property tests of the auth API's session routes (me, sign-out, session-ended, every method of
// each) through the route handlers on a real in-memory PGlite database. Whatever is sent: never a
// 5xx; a refusal is the JSON envelope with a code of the contract this route answers, at its
// status, and writes nothing; a sign-out's guards refuse in their order (origin, then content
// type, then size); a refused or ended session's cookie is cleared. Sign-in is
// sign-in.property.test.ts's.
import '@/testing/server/memory-database-env';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { safeNextPath, signInHref } from '@/lib/auth/next-path';
import {
  bodyText,
  ContractViolation,
  cookieIsValid,
  expectCode,
  expectUnchanged,
  hostileString,
  nearValid,
  Outcomes,
  plainString,
  queryString,
  requestSpec,
  sessionCookieName,
} from '@/testing/server/api-arbitraries';
import {
  itAnswersAnyRead,
  itTakesNoBrokenBody,
  methodsOf,
  mutationGuard,
  sentJson,
} from '@/testing/server/property-blocks';
import {
  authPropertyHarness,
  credentials,
  expectClearedCookie,
  setCookies,
  storableJson,
} from './auth-property-fixture';

const harness = authPropertyHarness('auth-session.property.test.ts');
const { settings } = harness;

/** Route modules, called through `handlerFor` as Next would dispatch to them. */
let signIn: object;
let me: object;
let signOut: object;
let sessionEnded: object;

beforeAll(async () => {
  signIn = await import('@/app/api/auth/sign-in/route');
  me = await import('@/app/api/auth/me/route');
  signOut = await import('@/app/api/auth/sign-out/route');
  sessionEnded = await import('@/app/api/auth/session-ended/route');
});

describe('GET /api/auth/me', () => {
  itAnswersAnyRead(harness, {
    title:
      'any request: 200 with the staff member for a valid session, else 401 clearing the cookie; never a write',
    path: '/api/auth/me',
    cases: requestSpec({
      path: '/api/auth/me',
      methods: methodsOf('GET'),
      query: queryString({ fields: plainString() }),
      host: true,
    }),
    request: async (spec) => ({ spec, route: me }),
    rules: { allow: 'GET, HEAD, OPTIONS', codes: ['unauthorized'], success: [200] },
    session: true,
    check: ({ spec, built, response, answer, valid }) => {
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
    },
    reached: ['200', '401 unauthorized', '405 method_not_allowed'],
    msPerCase: 50,
  });
});

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
          const { built, cookie, response, answer, before, after } = await harness.send(
            signOut,
            spec,
            {
              allow: 'POST, OPTIONS',
              codes: ['bad_request', 'forbidden', 'payload_too_large'],
              success: [204],
            },
          );
          outcomes.note(answer);
          const valid = cookieIsValid(spec.cookie);
          if (answer.status >= 400 || spec.method !== 'POST') {
            expectUnchanged(before, after, `a refused sign-out (${answer.status})`);
          }
          if (spec.method !== 'POST' || mutationGuard(spec, built, answer)) return;
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
            const rows = (await harness
              .db()
              .execute(
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

describe('GET /api/auth/session-ended', () => {
  itAnswersAnyRead(harness, {
    title:
      'any request: 303 to /sign clearing the cookie (to /dash, kept, for a live session), 405 for other methods; never a write',
    path: '/api/auth/session-ended',
    cases: requestSpec({
      path: '/api/auth/session-ended',
      methods: methodsOf('GET'),
      query: queryString({ next: plainString(), reason: hostileString() }),
      host: true,
    }),
    request: async (spec) => ({ spec, route: sessionEnded }),
    rules: { allow: 'GET, HEAD, OPTIONS', codes: [], success: [303] },
    session: false,
    check: ({ built, response, answer, valid }) => {
      expect(answer.status).toBe(303);
      // A session the database still accepts is not ended by a link: on to its page.
      const location = response.headers.get('location') ?? '';
      const live = !location.startsWith('/sign');
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
    },
    reached: ['303', '405 method_not_allowed'],
    msPerCase: 50,
  });
});

describe('POST /api/auth/sign-in and sign-out', () => {
  itTakesNoBrokenBody(harness, {
    who: 'browser',
    body: bodyText(nearValid(credentials)),
    targets: [
      // A sign-in whose body never arrived whole cannot be taken; a sign-out needs none.
      { name: 'sign-in', path: '/api/auth/sign-in', route: () => signIn },
      {
        name: 'sign-out',
        path: '/api/auth/sign-out',
        route: () => signOut,
        success: [204],
        writes: ['sessions'],
      },
    ],
    codes: ['bad_request', 'forbidden', 'payload_too_large'],
  });
});
