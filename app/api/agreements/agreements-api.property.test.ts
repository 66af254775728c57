/** @jest-environment node */
// Property tests of the agreements API (list, history, decision, every method of each) through
// the route handlers on a real in-memory PGlite database. Whatever is sent: never a 5xx; a refusal
// is the JSON envelope with a code of the contract this route answers, at its status, and writes
// nothing; the guards refuse in their order (origin, content type, session, size); a success has
// the product's own response shape and says what was asked.
import '@/testing/server/memory-database-env';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  agreementHistorySchema,
  agreementListSchema,
  agreementSchema,
  decisionConflictSchema,
  type Agreement,
} from '@/lib/agreements/agreement';
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
  edgeNumber,
  expectCode,
  expectShape,
  expectUnchanged,
  hostileString,
  hugeString,
  httpMethods,
  idPlan,
  isJsonContentType,
  mayBeTooLarge,
  nearValid,
  plainString,
  queryString,
  requestSpec,
  Outcomes,
  tableSnapshot,
  type Answer,
  type BuiltRequest,
  type HttpMethod,
  type IdPlan,
  type RequestSpec,
} from '@/testing/server/api-arbitraries';
import { fuzzSettings } from '@/testing/server/fuzz-settings';

// The embedded default token and configuration: nothing from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const settings = fuzzSettings('agreements-api.property.test.ts');

/** A route module, called through `handlerFor` as Next would dispatch to it. */
type Route = object;
type Connection = typeof import('@/lib/server/db/connection');
type Ingest = typeof import('@/lib/server/agreements/ingest');

let list: Route;
let history: Route;
let decision: Route;
let connection: Connection;
let ingest: Ingest['ingestAgreements'];
let db: Database;
let makeCookie: Awaited<ReturnType<typeof cookieMaker>>;
/** Agreements approved or rejected before the properties run. */
let decided: Agreement[];

let serial = 0;
/** A new pending agreement, straight through the domain code (no request). */
async function freshAgreement(): Promise<Agreement> {
  serial += 1;
  const { items } = await ingest(db, [
    {
      platformId: `fuzz-${randomUUID()}`,
      auctionId: 'fuzz-sale',
      lotId: `lot-${serial}`,
      lotTitle: `${['Omega Speedmaster', 'Cartier Tank', 'Rolex Daytona'][serial % 3]} ${serial}`,
      buyer: `Paddle ${serial}`,
      amount: 1_000 * serial,
      currency: 'EUR',
      closedAt: '2026-03-01T10:00:00Z',
    },
  ]);
  return items[0]!;
}

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  list = await import('@/app/api/agreements/route');
  history = await import('@/app/api/agreements/[id]/route');
  decision = await import('@/app/api/agreements/[id]/decision/route');
  ({ ingestAgreements: ingest } = await import('@/lib/server/agreements/ingest'));
  const { decideAgreement } = await import('@/lib/server/agreements/decide');
  const { createAccount, disableAccount } = await import('@/lib/server/auth/accounts');
  db = await connection.database();
  const [staff, off] = await Promise.all([
    createAccount(db, {
      loginId: 'fuzz-staff',
      displayName: 'Fuzz Staff',
      password: 'pw',
      role: 'clerk',
    }),
    createAccount(db, {
      loginId: 'fuzz-off',
      displayName: 'Fuzz Off',
      password: 'pw',
      role: 'clerk',
    }),
  ]);
  await disableAccount(db, 'fuzz-off');
  makeCookie = await cookieMaker(db, { enabledId: staff.id, disabledId: off.id });

  // Pages of every status to list.
  const pending = [];
  for (let i = 0; i < 60; i++) pending.push(await freshAgreement());
  decided = [];
  for (const [index, agreement] of pending.slice(0, 20).entries()) {
    const body =
      index % 2 === 0
        ? { decision: 'approve' as const, version: 1, reason: null }
        : { decision: 'reject' as const, version: 1, reason: 'Reserve not met' };
    const result = await decideAgreement(db, agreement.id, body, {
      id: staff.id,
      loginId: staff.loginId,
      displayName: staff.displayName,
      role: staff.role,
    });
    if (result.outcome !== 'decided') throw new Error('could not decide an agreement');
    decided.push(result.agreement);
  }
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- helpers ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const methodsOf = (implemented: HttpMethod) =>
  fc.oneof(
    { arbitrary: fc.constant(implemented), weight: 6 },
    { arbitrary: fc.constantFrom(...httpMethods), weight: 1 },
  );

/** The id a plan names, making the agreement it needs. */
async function resolveId(plan: IdPlan): Promise<{ id: string; agreement: Agreement | null }> {
  switch (plan.kind) {
    case 'pending': {
      const agreement = await freshAgreement();
      return { id: agreement.id, agreement };
    }
    case 'pending-upper-case': {
      const agreement = await freshAgreement();
      return { id: agreement.id.toUpperCase(), agreement };
    }
    case 'decided':
      return {
        id: decided[serial % decided.length]!.id,
        agreement: decided[serial % decided.length]!,
      };
    case 'given':
      return { id: plan.value, agreement: null };
  }
}

async function storedAgreement(id: string): Promise<{ status: string; version: number } | null> {
  const result = (await db.execute(
    sql`select status, version from agreements where id = ${id}`,
  )) as unknown as { rows: { status: string; version: number }[] };
  return result.rows[0] ?? null;
}

function sentJson(built: BuiltRequest): unknown {
  try {
    return built.bodyText === null ? undefined : JSON.parse(built.bodyText);
  } catch {
    return undefined;
  }
}

const rowCount = (digest: string) => Number(digest.split(':')[0]);

/** A session check refuses before the body is read: 401 without one, whatever was sent. */
function sessionGuard(spec: RequestSpec, answer: Answer): boolean {
  const valid = cookieIsValid(spec.cookie);
  if (valid === false) {
    expectCode(answer, 'unauthorized', `cookie ${spec.cookie.kind}`);
    return true;
  }
  if (valid === true && answer.code === 'unauthorized') {
    throw new ContractViolation('401 for a valid session');
  }
  return valid === null;
}

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
  it(
    'any request: 401 without a session, else a page of the asked status and size, or 400; never a write',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/agreements',
        methods: methodsOf('GET'),
        query: listQuery,
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const answer = await checkAnswer(
            await handlerFor(list, spec.method)(built.request, built.context),
            {
              method: spec.method,
              allow: 'GET, HEAD, OPTIONS',
              codes: ['bad_request', 'unauthorized'],
              success: [200],
            },
          );
          outcomes.note(answer);
          expectUnchanged(before, await tableSnapshot(db), `${spec.method} /api/agreements`);
          if (spec.method !== 'GET' && spec.method !== 'HEAD') return;
          if (sessionGuard(spec, answer)) return;

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
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'GET /api/agreements',
        ['200', '400 bad_request', '401 unauthorized', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(60),
  );
});

// ---- GET /api/agreements/{id} ----

describe('GET /api/agreements/{id}', () => {
  it(
    'any request: 401 without a session, the agreement and its log for an id that exists, else 404; never a write',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/agreements/{id}',
        methods: methodsOf('GET'),
        id: idPlan,
        query: queryString({ include: plainString() }),
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const { id, agreement } = await resolveId(spec.id!);
          const built = buildRequest(spec, { cookie: cookie.header, id });
          const before = await tableSnapshot(db);
          const answer = await checkAnswer(
            await handlerFor(history, spec.method)(built.request, built.context),
            {
              method: spec.method,
              allow: 'GET, HEAD, OPTIONS',
              // A path the server cannot decode may be a 400 instead of a 404.
              codes: ['bad_request', 'unauthorized', 'not_found'],
              success: [200],
            },
          );
          outcomes.note(answer);
          expectUnchanged(before, await tableSnapshot(db), `${spec.method} /api/agreements/{id}`);
          if (spec.method !== 'GET' && spec.method !== 'HEAD') return;
          if (sessionGuard(spec, answer)) return;
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
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'GET /api/agreements/{id}',
        ['200', '404 not_found', '401 unauthorized', '405 method_not_allowed'],
        settings.runs,
      );
    },
    settings.timeoutMs(60),
  );
});

// ---- POST /api/agreements/{id}/decision ----

const reason = fc.oneof(
  { arbitrary: plainString(3, 60), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '  Paid in full  ',
      'no',
      '   ',
      '',
      'a'.repeat(500),
      'a'.repeat(501),
      'line one\nline two',
      'a\r\nb and c',
      'tab\there',
      'Buyer\u0000withdrew',
      'bell\u0007',
      '\ud800 is why',
      'why \udc00',
    ),
    weight: 2,
  },
  { arbitrary: hostileString(40), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
);
/** Decisions any reading of the contract takes, to reach the database often. */
const cleanDecision = fc.oneof(
  fc.record({ decision: fc.constant('approve'), version: fc.constant(1) }),
  fc.record({
    decision: fc.constant('approve'),
    version: fc.constant(1),
    reason: plainString(0, 40),
  }),
  fc.record({
    decision: fc.constant('reject'),
    version: fc.constant(1),
    reason: plainString(3, 40).filter((text) => text.trim().length >= 3),
  }),
);
const nearDecision = nearValid(
  fc.record(
    {
      decision: fc.oneof(
        { arbitrary: fc.constantFrom('approve', 'reject'), weight: 6 },
        fc.constantFrom('Approve', 'approved', 'defer', ''),
      ),
      version: fc.oneof({ arbitrary: fc.constant(1), weight: 6 }, fc.constantFrom(2, 0, 3)),
      reason,
    },
    { requiredKeys: ['decision', 'version'] },
  ),
);
const decisionBody = fc.oneof(
  { arbitrary: cleanDecision, weight: 3 },
  { arbitrary: nearDecision, weight: 4 },
);

/** A body any reading of the contract takes: the decision, version 1, a printable reason. */
function plainlyValidDecision(json: unknown): boolean {
  if (!isRecord(json)) return false;
  if (!Object.keys(json).every((key) => ['decision', 'version', 'reason'].includes(key))) {
    return false;
  }
  if (json.version !== 1 || (json.decision !== 'approve' && json.decision !== 'reject')) {
    return false;
  }
  const why = json.reason;
  if (why === undefined || why === null) return json.decision === 'approve';
  if (typeof why !== 'string' || !/^[\x20-\x7e]*$/.test(why) || why.length > 500) return false;
  return json.decision === 'approve' || why.trim().length >= 3;
}

describe('POST /api/agreements/{id}/decision', () => {
  it(
    'any request: the guards in order, then a decision, 409 with the current state, 400 or 404; nothing written unless decided',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/agreements/{id}/decision',
        methods: methodsOf('POST'),
        id: idPlan,
        query: queryString({ version: fc.constant('1'), force: fc.constant('true') }),
        body: bodyText(decisionBody),
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const { id, agreement } = await resolveId(spec.id!);
          const built = buildRequest(spec, { cookie: cookie.header, id });
          const before = await tableSnapshot(db);
          const answer = await checkAnswer(
            await handlerFor(decision, spec.method)(built.request, built.context),
            {
              method: spec.method,
              allow: 'POST, OPTIONS',
              codes: [
                'bad_request',
                'unauthorized',
                'forbidden',
                'not_found',
                'conflict',
                'payload_too_large',
              ],
              success: [200],
            },
          );
          outcomes.note(answer);
          const after = await tableSnapshot(db);
          if (answer.status !== 200) {
            expectUnchanged(before, after, `a refused decision (${answer.status})`);
          }
          if (spec.method !== 'POST') return;

          // The guards, in their order.
          if (!spec.origin.sameOrigin) {
            return expectCode(answer, 'forbidden', `origin evidence "${spec.origin.name}"`);
          }
          if (!isJsonContentType(built.request.headers.get('content-type'))) {
            return expectCode(answer, 'forbidden', 'the content type is not JSON');
          }
          if (answer.code === 'forbidden') {
            throw new ContractViolation('403 for a same-origin JSON request');
          }
          if (sessionGuard(spec, answer)) return;
          if (bodyTooLarge(built)) {
            return expectCode(answer, 'payload_too_large', `${built.bodyBytes} bytes`);
          }
          if (answer.code === 'payload_too_large' && !mayBeTooLarge(built)) {
            throw new ContractViolation(`413 for ${built.bodyBytes} bytes`);
          }

          const json = sentJson(built);
          if (!agreement && (answer.status === 200 || answer.status === 409)) {
            throw new ContractViolation(`${answer.status} for an id that names no agreement`);
          }
          if (spec.id!.kind === 'decided' && answer.status === 200) {
            throw new ContractViolation('a decided agreement was decided again');
          }
          if (
            agreement?.status === 'pending' &&
            plainlyValidDecision(json) &&
            !mayBeTooLarge(built) &&
            answer.status !== 200
          ) {
            throw new ContractViolation(`a plainly valid decision answered ${answer.status}`);
          }

          if (answer.status === 409) {
            expectShape(decisionConflictSchema, answer.body, 'a 409');
            const current = (answer.body as { agreement: Agreement }).agreement;
            const stored = await storedAgreement(agreement!.id);
            expect(current.id).toBe(agreement!.id);
            expect({ status: current.status, version: current.version }).toEqual(stored);
          }
          if (answer.status !== 200) return;

          expectShape(agreementSchema, answer.body, 'a decided agreement');
          const decidedNow = answer.body as Agreement;
          const sent = json as { decision: string; version: number; reason?: string | null };
          expect(decidedNow.id).toBe(agreement!.id);
          expect(decidedNow.status).toBe(sent.decision === 'approve' ? 'approved' : 'rejected');
          expect(decidedNow.version).toBe(agreement!.version + 1);
          expect(decidedNow.decidedBy).toBe('fuzz-staff');
          expect(decidedNow.reason).toBe(sent.reason?.trim() || null);
          expect(await storedAgreement(agreement!.id)).toEqual({
            status: decidedNow.status,
            version: decidedNow.version,
          });
          expectUnchanged(
            before,
            after,
            'a decision writes its agreement, its log and the activity log only',
            ['agreements', 'agreement_decisions', 'activity_events'],
          );
          expect(rowCount(after.activity_events)).toBe(rowCount(before.activity_events) + 1);
          expect(rowCount(after.agreements)).toBe(rowCount(before.agreements));
          expect(rowCount(after.agreement_decisions)).toBe(
            rowCount(before.agreement_decisions) + 1,
          );
        }),
        settings.parameters(),
      );
      outcomes.expectReached(
        'POST /api/agreements/{id}/decision',
        // Successes and conflicts are frequent in the next property, which aims at them.
        [
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

  it(
    'well-formed decisions: 200 at the version of a pending agreement, else 409 with its current state and nothing written',
    async () => {
      const outcomes = new Outcomes();
      const cases = fc.record({
        target: fc.constantFrom(
          'pending' as const,
          'pending' as const,
          'decided' as const,
          'decided-just-now' as const,
        ),
        body: cleanDecision,
        version: fc.oneof(
          { arbitrary: fc.constant(1), weight: 4 },
          fc.constantFrom(2, 3, 2 ** 31 - 2),
        ),
        transport: requestSpec({
          path: '/api/agreements/{id}/decision',
          methods: fc.constant('POST'),
        }),
      });
      await fc.assert(
        fc.asyncProperty(cases, async ({ target, body, version, transport }) => {
          let agreement =
            target === 'decided' ? decided[serial % decided.length]! : await freshAgreement();
          const cookie = await makeCookie({ kind: 'valid', noise: [] });
          const send = async (sent: unknown) => {
            const spec: RequestSpec = {
              ...transport,
              origin: {
                name: 'same Origin',
                headers: [['origin', 'http://localhost:3000']],
                sameOrigin: true,
              },
              contentType: 'application/json',
              cookie: { kind: 'valid', noise: [] },
              body: {
                payload: JSON.stringify(sent),
                chunks: transport.body?.chunks ?? 0,
                contentLength: { kind: 'none' },
                breaksAfter: null,
              },
            };
            const built = buildRequest(spec, { cookie: cookie.header, id: agreement.id });
            return checkAnswer(await handlerFor(decision, 'POST')(built.request, built.context), {
              method: 'POST',
              allow: 'POST, OPTIONS',
              codes: ['conflict'],
              success: [200],
            });
          };
          if (target === 'decided-just-now') {
            const first = await send({ decision: 'approve', version: 1 });
            expect(first.status).toBe(200);
            agreement = first.body as Agreement;
          }
          const before = await tableSnapshot(db);
          const answer = await send({ ...body, version });
          outcomes.note(answer);
          const after = await tableSnapshot(db);
          if (agreement.status === 'pending' && version === agreement.version) {
            expect(answer.status).toBe(200);
            expectShape(agreementSchema, answer.body, 'a decided agreement');
            expect(answer.body).toMatchObject({
              id: agreement.id,
              status: body.decision === 'approve' ? 'approved' : 'rejected',
              version: version + 1,
              decidedBy: 'fuzz-staff',
              decidedByName: 'Fuzz Staff',
            });
            expect(rowCount(after.agreement_decisions)).toBe(
              rowCount(before.agreement_decisions) + 1,
            );
          } else {
            expectCode(
              answer,
              'conflict',
              `version ${version} of a ${agreement.status} agreement at ${agreement.version}`,
            );
            expectShape(decisionConflictSchema, answer.body, 'a 409');
            expect((answer.body as { agreement: Agreement }).agreement).toEqual(agreement);
            expectUnchanged(before, after, 'a conflict');
          }
        }),
        settings.parameters(0.5),
      );
      outcomes.expectReached(
        'POST /api/agreements/{id}/decision (well-formed)',
        ['200', '409 conflict'],
        settings.runs,
      );
    },
    settings.timeoutMs(80, 0.5),
  );

  it(
    "a body that breaks off midway (the browser's connection drops): never a 5xx, nothing written",
    async () => {
      const spec = requestSpec({
        path: '/api/agreements/{id}/decision',
        methods: fc.constant('POST'),
        id: idPlan,
        body: bodyText(decisionBody),
        transport: breakingBodySpec,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const { id } = await resolveId(spec.id!);
          const built = buildRequest(spec, { cookie: cookie.header, id });
          const before = await tableSnapshot(db);
          const answer = await checkAnswer(
            await handlerFor(decision, 'POST')(built.request, built.context),
            {
              method: 'POST',
              allow: 'POST, OPTIONS',
              codes: ['bad_request', 'unauthorized', 'forbidden', 'payload_too_large'],
              // A body that never arrived whole cannot be taken.
              success: [],
            },
          );
          expectUnchanged(
            before,
            await tableSnapshot(db),
            `a broken-off decision (${answer.status})`,
          );
        }),
        settings.parameters(0.25),
      );
    },
    settings.timeoutMs(80, 0.25),
  );
});
