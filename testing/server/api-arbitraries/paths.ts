// Paths and query strings.
import fc from 'fast-check';
import { hostileString, plainString, prototypeKey } from './text';
import { oneof } from './wire';

const wtf8 = (code: number) =>
  [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/**
 * Percent-encodes every character but the unreserved ones; a lone surrogate becomes the three
 * bytes a careless encoder writes for it (not UTF-8), where encodeURIComponent would throw.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const unit of text) {
    const code = unit.codePointAt(0)!;
    if (/^[A-Za-z0-9\-._~]$/.test(unit)) encoded += unit;
    else if (code >= 0xd800 && code <= 0xdfff) encoded += wtf8(code);
    else encoded += encodeURIComponent(unit);
  }
  return encoded;
}

/** Percent-encodings that do not decode: truncated, not hex, not UTF-8, overlong, surrogates. */
export const percentGarbage = fc.constantFrom(
  '%',
  '%%',
  '%zz',
  '%2',
  '%E0%A4%A',
  '%ff',
  '%FE%FF',
  '%C0%AF',
  '%c0%ae',
  '%ED%A0%80',
  '%00',
  '%0A',
  '%u0041',
  '%%32%35',
  '%F0%9F%98',
);

/** One query value: mostly `valid`, else empty, hostile, undecodable or huge. */
function queryValue(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return oneof(
    { arbitrary: valid.map(percentEncode), weight: 6 },
    { arbitrary: fc.constant(''), weight: 1 },
    { arbitrary: hostileString(30).map(percentEncode), weight: 1 },
    { arbitrary: percentGarbage, weight: 1 },
    {
      arbitrary: fc.constantFrom(201, 10_000, 100_000).map((length) => 'a'.repeat(length)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom('+', '%20', 'a+b', '=', '==', '&'), weight: 1 },
  );
}

/**
 * A query string over the route's parameters (`values[name]` gives plausible values): repeated
 * keys, empty values, unknown and prototype keys, undecodable escapes and huge values.
 */
export function queryString(values: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(values);
  const pair = oneof(
    ...names.map((name) => ({
      arbitrary: queryValue(values[name]!).map((value) => `${name}=${value}`),
      weight: 4,
    })),
    fc
      .tuple(oneof(prototypeKey, hostileString(8)), queryValue(plainString()))
      .map(([name, value]) => `${percentEncode(name)}=${value}`),
    oneof(fc.constantFrom(...names), percentGarbage),
    fc.constant(''),
  );
  return oneof(
    { arbitrary: fc.constant(''), weight: 1 },
    {
      arbitrary: fc
        .array(pair, { minLength: 1, maxLength: 5 })
        .map((pairs) => `?${pairs.join('&')}`),
      weight: 8,
    },
    { arbitrary: fc.constantFrom('?', '?&&', '?=', '?==x', '?#fragment', '?%', '?&=&'), weight: 1 },
  );
}

/** The agreement a path names: made at run time, or given as text (raw: undecodable on the wire). */
export type IdPlan =
  | { kind: 'pending' }
  | { kind: 'pending-upper-case' }
  | { kind: 'decided' }
  | { kind: 'given'; value: string; raw: boolean };

const oddIds = fc.constantFrom(
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '6f1c2b3a4d5e4f608a7b9c0d1e2f3a4b',
  '{6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b}',
  'urn:uuid:6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b ',
  ' 6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b\u0000',
  '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4\ud800',
  "1' or '1'='1",
  '42',
  '-1',
  '1e400',
  '..',
  '../..',
  '',
  'decision',
  'null',
  '__proto__',
  'constructor',
);

export const idPlan: fc.Arbitrary<IdPlan> = oneof(
  { arbitrary: fc.constant({ kind: 'pending' as const }), weight: 8 },
  { arbitrary: fc.constant({ kind: 'pending-upper-case' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'decided' as const }), weight: 3 },
  {
    arbitrary: fc.uuid().map((value) => ({ kind: 'given' as const, value, raw: false })),
    weight: 1,
  },
  { arbitrary: oddIds.map((value) => ({ kind: 'given' as const, value, raw: false })), weight: 2 },
  // Passed to the handler undecoded, as it stands in the path.
  {
    arbitrary: percentGarbage.map((value) => ({ kind: 'given' as const, value, raw: true })),
    weight: 2,
  },
  {
    arbitrary: hostileString(40).map((value) => ({ kind: 'given' as const, value, raw: false })),
    weight: 2,
  },
  {
    arbitrary: fc
      .constantFrom(1_000, 10_000, 100_000)
      .map((length) => ({ kind: 'given' as const, value: 'a'.repeat(length), raw: false })),
    weight: 1,
  },
);
