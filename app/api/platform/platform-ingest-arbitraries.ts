import 'server-only';
import fc from 'fast-check';
import {
  edgeNumber,
  hostileString,
  nearValid,
  plainString,
} from '@/testing/server/api-arbitraries';
import { isRecord } from '@/testing/server/property-blocks';

// The batches POST /api/platform/agreements is sent by its property test, valid, near-valid and
// hostile, and the oracle of a batch any reading of the contract must take.

export const hour = 3600 * 1000;
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

export const ingestBody = fc.oneof(
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
export function plainlyValidBatch(json: unknown): json is { items: Record<string, unknown>[] } {
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
