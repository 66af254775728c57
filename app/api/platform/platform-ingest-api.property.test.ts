/** @jest-environment node */
// Property tests of POST /api/platform/agreements (and every other method of the path) through
// its route handler on a real in-memory PGlite database. Whatever is sent: never a 5xx; a refusal
// is the JSON envelope with a code of the contract, at its status, and writes nothing; the bearer
// token is checked first and the caller's origin never matters; an accepted batch answers one
// agreement per item, stores what was sent, and only dates the domain can have.
import '@/testing/server/memory-database-env';
import fc from 'fast-check';
import { agreementSchema, type Agreement } from '@/lib/agreements/agreement';
import type { Database } from '@/lib/server/db/database';
import {
  bodyText,
  breakingBodySpec,
  bodyTooLarge,
  buildRequest,
  checkAnswer,
  cookieMaker,
  handlerFor,
  ContractViolation,
  edgeNumber,
  expectCode,
  expectShape,
  expectUnchanged,
  hostileString,
  httpMethods,
  isJsonContentType,
  mayBeTooLarge,
  nearValid,
  Outcomes,
  plainString,
  queryString,
  requestSpec,
  tableSnapshot,
  type BuiltRequest,
} from '@/testing/server/api-arbitraries';
import { fuzzSettings } from '@/testing/server/fuzz-settings';

// The embedded default token: no PLATFORM_TOKEN from the machine running the tests.
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const settings = fuzzSettings('platform-ingest-api.property.test.ts');

type Connection = typeof import('@/lib/server/db/connection');

/** The route module, called through `handlerFor` as Next would dispatch to it. */
let ingest: object;
let connection: Connection;
let db: Database;
let makeCookie: Awaited<ReturnType<typeof cookieMaker>>;

beforeAll(async () => {
  connection = await import('@/lib/server/db/connection');
  ingest = await import('@/app/api/platform/agreements/route');
  db = await connection.database();
  // Staff sessions: a cookie is no credential here, whatever it holds.
  const { createAccount, disableAccount } = await import('@/lib/server/auth/accounts');
  const [staff, gone] = await Promise.all([
    createAccount(db, { loginId: 'staff', displayName: 'Staff', password: 'pw', role: 'clerk' }),
    createAccount(db, { loginId: 'gone', displayName: 'Gone', password: 'pw', role: 'clerk' }),
  ]);
  await disableAccount(db, 'gone');
  makeCookie = await cookieMaker(db, { enabledId: staff.id, disabledId: gone.id });
});

afterAll(async () => {
  if (connection) await (await connection.databaseHandle()).close();
});

// ---- generators ----

const hour = 3600 * 1000;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A moment from 1970 to now, in UTC or at any offset (which may put it up to a day ahead). */
const plausibleClose = fc
  .tuple(
    fc.date({ min: new Date('1970-01-02T00:00:00Z'), max: new Date(), noInvalidDate: true }),
    fc.oneof(
      { arbitrary: fc.constant('Z'), weight: 3 },
      fc
        .tuple(
          fc.constantFrom('+', '-'),
          fc.integer({ min: 0, max: 23 }),
          fc.integer({ min: 0, max: 59 }),
        )
        .map(([sign, hours, minutes]) => `${sign}${pad(hours)}:${pad(minutes)}`),
    ),
  )
  .map(([date, offset]) => date.toISOString().replace('Z', offset));

/** Date-times the database or the domain cannot have, or that are no date-time at all. */
const impossibleClose = fc.oneof(
  fc.constantFrom(
    '9999-12-31T23:59:59-23:59',
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+23:59',
    '1969-12-31T23:59:59Z',
    '1970-01-01T00:00:00+00:01',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2025-12-31T23:59:60Z',
    '2026-01-01',
    '2026-01-01T00:00:00',
    '+010000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00z',
    '2026-01-01 00:00:00Z',
    new Date(Date.now() + 25 * hour).toISOString(),
    new Date(Date.now() + 72 * hour).toISOString(),
    new Date(8.64e15).toISOString(),
  ),
  // Any calendar-looking date: day 31 of every month, years 0 to 9999, offsets to ±23:59.
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
      fc.integer({ min: 0, max: 23 }),
      fc.constantFrom('Z', '+23:59', '-23:59', '+00:00'),
    )
    .map(
      ([year, month, day, hours, offset]) =>
        `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hours)}:00:00${offset}`,
    ),
  hostileString(30),
  edgeNumber,
);

const text = (max: number) =>
  plainString(1, Math.min(max, 30)).filter((value) => value.trim() !== '');
const badText = (max: number) =>
  fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'a'.repeat(max + 1),
      'x\u0000y',
      'x\ud800y',
      '\udc00',
      'tab\there',
      'line\nbreak',
      '\u007f',
    ),
    hostileString(30),
  );
/** Text fields that are fine but unusual: padded (stored trimmed), long, non-ASCII. */
const oddText = (max: number) =>
  fc.constantFrom(
    '  padded  ',
    'Cartier Tank Cintrée',
    '日本の時計',
    '😀 lot',
    '\u2028',
    'a'.repeat(max),
    "O'Brien; drop table",
    '%_\\',
  );

const fields = {
  platformId: 200,
  auctionId: 100,
  lotId: 100,
  lotTitle: 300,
  buyer: 200,
} as const;

const validItem = fc.record({
  platformId: fc.oneof(
    { arbitrary: fc.uuid().map((uuid) => `fz-${uuid}`), weight: 8 },
    // Repeats, in a batch and across batches: the ingest is idempotent on platformId.
    fc.constantFrom('dup-1', 'dup-2', ' dup-1 '),
  ),
  auctionId: text(fields.auctionId),
  lotId: text(fields.lotId),
  lotTitle: fc.oneof({ arbitrary: text(fields.lotTitle), weight: 4 }, oddText(fields.lotTitle)),
  buyer: text(fields.buyer),
  amount: fc.oneof({ arbitrary: fc.nat(), weight: 4 }, fc.constantFrom(0, Number.MAX_SAFE_INTEGER)),
  currency: fc.constantFrom('EUR', 'USD', 'GBP', 'JPY', 'CHF'),
  closedAt: plausibleClose,
});
type Item = fc.Arbitrary<Record<string, unknown>>;

/** A valid item with one field given a value of its own kind that must be refused. */
const hostileItem: Item = fc
  .tuple(
    validItem,
    fc.oneof(
      ...Object.entries(fields).map(([name, max]) =>
        badText(max).map((value) => [name, value] as const),
      ),
      fc
        .oneof(edgeNumber, fc.constantFrom(-1, 0.5, Number.MAX_SAFE_INTEGER + 1, 1e308))
        .map((value) => ['amount', value] as const),
      fc
        .oneof(fc.constantFrom('eur', 'EURO', '€', 'EU', '', 'E\u0000R'), hostileString(4))
        .map((value) => ['currency', value] as const),
      { arbitrary: impossibleClose.map((value) => ['closedAt', value] as const), weight: 4 },
    ),
  )
  .map(([item, [name, value]]) => ({ ...item, [name]: value }));

const itemOf: Item = fc.oneof(
  { arbitrary: validItem, weight: 5 },
  { arbitrary: hostileItem, weight: 3 },
  { arbitrary: nearValid(validItem) as Item, weight: 1 },
);

const ingestBody = fc.oneof(
  // Clean batches, to reach the database often.
  {
    arbitrary: fc.record({ items: fc.array(validItem, { minLength: 1, maxLength: 3 }) }),
    weight: 3,
  },
  {
    arbitrary: nearValid(
      fc.record({
        items: fc.oneof(
          { arbitrary: fc.array(itemOf, { maxLength: 3 }), weight: 8 },
          { arbitrary: fc.array(validItem, { minLength: 99, maxLength: 101 }), weight: 1 },
        ),
      }),
    ),
    weight: 4,
  },
);

// ---- oracles ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function sentJson(built: BuiltRequest): unknown {
  try {
    return built.bodyText === null ? undefined : JSON.parse(built.bodyText);
  } catch {
    return undefined;
  }
}

const printable = (value: unknown, max: number) =>
  typeof value === 'string' &&
  /^[\x20-\x7e]*$/.test(value) &&
  value.trim() !== '' &&
  value.length <= max;

/** A date-time that names a real day and second (no 30 February, no 24:00), read as UTC. */
const onTheCalendar = (stamp: string) =>
  !Number.isNaN(Date.parse(stamp)) &&
  new Date(stamp).toISOString().slice(0, 19) === stamp.slice(0, 19);

/** A batch any reading of the contract takes: 1 to 100 plain items closed from 1970 to now. */
function plainlyValidBatch(json: unknown): json is { items: Record<string, unknown>[] } {
  if (!isRecord(json) || Object.keys(json).join() !== 'items' || !Array.isArray(json.items)) {
    return false;
  }
  const { items } = json;
  return (
    items.length >= 1 &&
    items.length <= 100 &&
    items.every(
      (item) =>
        isRecord(item) &&
        Object.keys(item).sort().join() ===
          'amount,auctionId,buyer,closedAt,currency,lotId,lotTitle,platformId' &&
        Object.entries(fields).every(([name, max]) => printable(item[name], max)) &&
        Number.isSafeInteger(item.amount) &&
        (item.amount as number) >= 0 &&
        typeof item.currency === 'string' &&
        /^[A-Z]{3}$/.test(item.currency) &&
        typeof item.closedAt === 'string' &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(item.closedAt) &&
        onTheCalendar(item.closedAt) &&
        Date.parse(item.closedAt) >= Date.UTC(1970, 0, 1) &&
        Date.parse(item.closedAt) <= Date.now(),
    )
  );
}

const rowCount = (digest: string) => Number(digest.split(':')[0]);

// ---- properties ----

describe('POST /api/platform/agreements', () => {
  it(
    'any request: token first, then JSON and size, then 400 or an answer per item; nothing written when refused',
    async () => {
      const outcomes = new Outcomes();
      const spec = requestSpec({
        path: '/api/platform/agreements',
        methods: fc.oneof(
          { arbitrary: fc.constant('POST' as const), weight: 8 },
          fc.constantFrom(...httpMethods),
        ),
        query: queryString({ dryRun: fc.constant('1'), items: plainString() }),
        body: bodyText(ingestBody),
        authorization: true,
        host: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const response = await handlerFor(ingest, spec.method)(built.request, built.context);
          const answer = await checkAnswer(response, {
            method: spec.method,
            allow: 'POST, OPTIONS',
            codes: ['bad_request', 'unauthorized', 'forbidden', 'payload_too_large'],
            success: [200],
          });
          outcomes.note(answer);
          const after = await tableSnapshot(db);
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
          if (!isJsonContentType(built.request.headers.get('content-type'))) {
            return expectCode(answer, 'forbidden', 'the content type is not JSON');
          }
          // Server to server: whatever Origin the caller sends (or none) is no reason to refuse.
          if (answer.code === 'forbidden')
            throw new ContractViolation(`403 with origin "${spec.origin.name}"`);
          if (bodyTooLarge(built))
            return expectCode(answer, 'payload_too_large', `${built.bodyBytes} bytes`);
          if (answer.code === 'payload_too_large' && !mayBeTooLarge(built)) {
            throw new ContractViolation(`413 for ${built.bodyBytes} bytes`);
          }
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

  it(
    "a body that breaks off midway (the caller's connection drops): never a 5xx, nothing written",
    async () => {
      const spec = requestSpec({
        path: '/api/platform/agreements',
        methods: fc.constant('POST'),
        body: bodyText(ingestBody),
        transport: breakingBodySpec,
        authorization: true,
      });
      await fc.assert(
        fc.asyncProperty(spec, async (spec) => {
          const cookie = await makeCookie(spec.cookie);
          const built = buildRequest(spec, { cookie: cookie.header });
          const before = await tableSnapshot(db);
          const answer = await checkAnswer(
            await handlerFor(ingest, 'POST')(built.request, built.context),
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
            `a broken-off ingest (${answer.status})`,
          );
        }),
        settings.parameters(0.25),
      );
    },
    settings.timeoutMs(80, 0.25),
  );
});
