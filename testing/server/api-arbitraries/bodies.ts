// Request bodies: random JSON of every shape, near-valid bodies with one field broken, bytes that are not UTF-8.
import fc from 'fast-check';
import { deepNesting, jsonText } from './hand-json';
import { hostileString } from './text';
import { encoder, maxBodyBytes, oneof } from './wire';

/** Documents that are not JSON, or are JSON of an unexpected kind. */
const oddDocument = fc.constantFrom(
  '',
  ' ',
  '\n\t ',
  'null',
  'true',
  '0',
  '-0',
  '""',
  '[]',
  '{}',
  '{',
  '}',
  '{"',
  '[,]',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '{"a" 1}',
  '\ufeff{}',
  '{}\u0000',
  '{} {}',
  '{"a":1}garbage',
  '{"a":"\\ud800"}',
  '{"\\udc00":1}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '<xml/>',
  'loginId=a&password=b',
);

const padToBytes = (text: string, bytes: number) => {
  const size = encoder.encode(text).byteLength;
  return size >= bytes ? text : text + ' '.repeat(bytes - size);
};

/**
 * Body text: mostly `value` written as JSON (so most requests reach the validation behind the
 * parser), else any JSON, towers, truncated JSON, garbage, odd documents, or `value` padded with
 * whitespace to exactly the limit, one byte past it, or far past it.
 */
export function bodyText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const text = value.map(jsonText);
  return oneof(
    { arbitrary: text, weight: 14 },
    { arbitrary: fc.jsonValue().map((json) => JSON.stringify(json)), weight: 1 },
    { arbitrary: deepNesting.map((raw) => raw.text), weight: 1 },
    {
      arbitrary: fc
        .tuple(text, fc.nat())
        .map(([json, at]) => json.slice(0, at % Math.max(1, json.length))),
      weight: 1,
    },
    { arbitrary: hostileString(120), weight: 1 },
    { arbitrary: oddDocument, weight: 2 },
    {
      arbitrary: fc
        .tuple(text, fc.constantFrom(maxBodyBytes - 1, maxBodyBytes, maxBodyBytes + 1, 200_000))
        .map(([json, bytes]) => padToBytes(json, bytes)),
      weight: 2,
    },
  );
}

/** Byte sequences that are not UTF-8: stray continuation, overlong, CESU surrogates, past U+10FFFF. */
export const invalidUtf8 = fc.constantFrom(
  [0xff],
  [0xfe],
  [0x80],
  [0xc3],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x00],
);

/** Puts each byte sequence just after a quote (inside a string) when there is one. */
function withBytes(text: string, inserts: readonly (readonly [number, readonly number[]])[]) {
  let bytes = Array.from(encoder.encode(text));
  for (const [at, sequence] of inserts) {
    const quotes = bytes.flatMap((byte, index) => (byte === 0x22 ? [index + 1] : []));
    const position = quotes.length > 0 ? quotes[at % quotes.length]! : at % (bytes.length + 1);
    bytes = [...bytes.slice(0, position), ...sequence, ...bytes.slice(position)];
  }
  return Uint8Array.from(bytes);
}

/** How a request declares its length: not at all, truthfully, or with any other text. */
export type ContentLengthPlan =
  { kind: 'none' } | { kind: 'exact' } | { kind: 'value'; value: string };

export interface BodySpec {
  /** Text (sent UTF-8 encoded) or raw bytes. */
  payload: string | Uint8Array;
  /** 0: in one piece; n: a stream of n chunks without a declared length, as chunked uploads come. */
  chunks: number;
  contentLength: ContentLengthPlan;
  /**
   * The stream fails after this many chunks, as when the caller's connection drops mid-upload
   * (null: it arrives whole).
   */
  breaksAfter: number | null;
}

const contentLengthPlan: fc.Arbitrary<ContentLengthPlan> = oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 },
  { arbitrary: fc.constant({ kind: 'exact' as const }), weight: 2 },
  {
    arbitrary: fc
      .constantFrom(
        '0',
        '1',
        '40',
        String(maxBodyBytes),
        String(maxBodyBytes + 1),
        '1048576',
        '99999999999999999999',
        '-1',
        'abc',
        '1e5',
        '0x10',
        '1.5',
        '',
      )
      .map((value) => ({ kind: 'value' as const, value })),
    weight: 1,
  },
);

export function bodySpec(text: fc.Arbitrary<string>): fc.Arbitrary<BodySpec> {
  const payload: fc.Arbitrary<string | Uint8Array> = oneof(
    { arbitrary: text, weight: 10 },
    {
      arbitrary: fc
        .tuple(text, fc.array(fc.tuple(fc.nat(), invalidUtf8), { minLength: 1, maxLength: 3 }))
        .map(([body, inserts]) => withBytes(body, inserts)),
      weight: 1,
    },
    { arbitrary: fc.uint8Array({ maxLength: 256 }), weight: 1 },
  );
  return fc.record({
    payload,
    chunks: oneof({ arbitrary: fc.constant(0), weight: 4 }, fc.integer({ min: 1, max: 8 })),
    contentLength: contentLengthPlan,
    breaksAfter: fc.constant(null),
  });
}

/** Bodies whose stream fails before its end (at its very start, or after some chunks). */
export function breakingBodySpec(text: fc.Arbitrary<string>): fc.Arbitrary<BodySpec> {
  return fc.tuple(bodySpec(text), fc.nat()).map(([body, at]) => {
    const chunks = Math.max(1, body.chunks);
    return { ...body, chunks, breaksAfter: at % chunks };
  });
}
