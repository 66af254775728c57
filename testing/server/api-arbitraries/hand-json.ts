// JSON written by hand: what JSON.stringify never makes (duplicate and prototype keys, deep nesting, odd numbers).
import fc from 'fast-check';
import { edgeNumber, hostileString, hugeString, numberText, prototypeKey } from './text';
import { oneof } from './wire';

/** JSON text written as it is: a number JSON.stringify cannot produce, a tower, broken JSON. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object written key by key: repeated keys and `__proto__` as an own key survive. */
export class RawObject {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

const member = (key: string, value: unknown) => `${JSON.stringify(key)}:${jsonText(value)}`;

/** JSON text of a value that may hold RawJson and RawObject parts; lone surrogates as escapes. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof RawObject) {
    return `{${value.entries.map(([key, entry]) => member(key, entry)).join(',')}}`;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : jsonText(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    return `{${entries.map(([key, entry]) => member(key, entry)).join(',')}}`;
  }
  // JSON.stringify escapes a lone surrogate as `\udXXX` (well-formed JSON.stringify).
  return JSON.stringify(value) ?? 'null';
}

function tower(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const half = Math.ceil(depth / 2);
  return '[{"a":'.repeat(half) + 'null' + '}]'.repeat(half);
}

/** Arrays and objects nested thousands deep, as raw text: below and above the size limit. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(
    fc.constantFrom(100, 1_000, 10_000, 30_000, 50_000),
    fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
  )
  .map(([depth, shape]) => new RawJson(tower(depth, shape)));

/** A value of the wrong kind for any field. */
export const wrongValue: fc.Arbitrary<unknown> = oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: edgeNumber, weight: 2 },
  { arbitrary: numberText.map((text) => new RawJson(text)), weight: 2 },
  { arbitrary: hostileString(), weight: 3 },
  { arbitrary: fc.constantFrom('', ' ', '\u0000', '\ud800', '\udc00'), weight: 2 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(oneof(prototypeKey, hostileString(8)), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 3,
    }),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'duplicate'; at: number; value: unknown; wrongLast: boolean }
  | { op: 'wrap'; how: 'array' | 'object' | 'string' | 'twice' };

export const mutation: fc.Arbitrary<Mutation> = oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  {
    arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: wrongValue }),
    weight: 4,
  },
  fc.record({
    op: fc.constant('add' as const),
    key: oneof(prototypeKey, hostileString(12)),
    value: oneof(wrongValue, fc.constant({})),
  }),
  fc.record({
    op: fc.constant('duplicate' as const),
    at: fc.nat(),
    value: wrongValue,
    wrongLast: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('wrap' as const),
    how: fc.constantFrom('array' as const, 'object' as const, 'string' as const, 'twice' as const),
  }),
);

function mutate(value: Record<string, unknown>, change: Mutation): unknown {
  const entries = Object.entries(value);
  const key =
    entries.length > 0 ? entries[('at' in change ? change.at : 0) % entries.length]![0] : 'x';
  switch (change.op) {
    case 'delete':
      return Object.fromEntries(entries.filter(([name]) => name !== key));
    case 'replace':
      return new RawObject(
        entries.map(([name, entry]) => [name, name === key ? change.value : entry]),
      );
    case 'add':
      return new RawObject([...entries, [change.key, change.value]]);
    case 'duplicate':
      // JSON.parse keeps the last of repeated keys.
      return new RawObject(
        change.wrongLast ? [...entries, [key, change.value]] : [[key, change.value], ...entries],
      );
    case 'wrap':
      if (change.how === 'array') return [value];
      if (change.how === 'object') return { data: value };
      if (change.how === 'string') return jsonText(value);
      return new RawJson(`${jsonText(value)}${jsonText(value)}`);
  }
}

/** A valid value as it is, or with one field removed, retyped, repeated or added, or wrapped. */
export function nearValid(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return oneof(
    { arbitrary: valid, weight: 2 },
    {
      arbitrary: fc.tuple(valid, mutation).map(([value, change]) => mutate(value, change)),
      weight: 3,
    },
  );
}
