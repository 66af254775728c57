// Hostile requests for the API route handlers, shared by the property tests
// (`app/api/**/*.property.test.ts`); the checks every answer must pass whatever was sent; and the
// digest of the tables a refused request must leave as they were.
//
// A request is generated as a `RequestSpec`: plain data (what a client puts on the wire) plus
// plans for what only exists at run time (a session cookie, the id of a fresh agreement). The test
// resolves the plans against its database and builds the NextRequest with `buildRequest`. Each spec
// prints as one readable line, long texts cut, so that a shrunk counterexample can be read.
//
// No server module is imported here: the test file's env module must choose the database first.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { safeParse } from 'zod/mini';
import type { Database } from '@/lib/server/db/database';

export const origin = 'http://localhost:3000';
// Written out rather than imported, so that a rename on the wire shows up as a failure.
export const sessionCookieName = '__Host-gavel_session';
export const platformToken = 'embedded-platform-token';
export const maxBodyBytes = 64 * 1024;

export const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * The error codes of the API contract and the status each one goes with. Written out rather than
 * imported from lib/server/api/api-problem.ts: the oracle must not follow the code it checks.
 */
export const problemStatus = {
  bad_request: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
} as const;
export type ProblemCode = keyof typeof problemStatus;

const encoder = new TextEncoder();
const character = (code: number) => String.fromCharCode(code);

/**
 * fc.oneof whose values may shrink into its first alternative, which is always the simplest one
 * here: counterexamples come out as short as fast-check can make them.
 */
const oneof = ((...arbitraries: fc.MaybeWeightedArbitrary<unknown>[]) =>
  fc.oneof({ withCrossShrink: true }, ...arbitraries)) as typeof fc.oneof;

// ---- text ----

/** Unpaired UTF-16 halves: fine in a JS string and as a JSON `\u` escape, not in UTF-8 or SQL text. */
export const loneSurrogate: fc.Arbitrary<string> = oneof(
  fc.constantFrom('\ud800', '\udc00', '\udbff', '\udfff'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map(character),
);

/** NUL (which PostgreSQL text cannot hold), the other C0 controls, DEL and some C1 controls. */
export const controlCharacter: fc.Arbitrary<string> = oneof(
  fc.constant('\u0000'),
  fc.integer({ min: 0, max: 0x1f }).map(character),
  fc.constantFrom('\u007f', '\u0085', '\u009f'),
);

/** Valid text that code often gets wrong: invisible, bidi, combining, astral, specials, syntax. */
export const oddCharacter: fc.Arbitrary<string> = fc.constantFrom(
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  'e\u0301',
  '😀',
  '👩‍👩‍👧',
  '𝔘',
  'İ',
  'ß',
  'ﬃ',
  '日本',
  '"',
  '\\',
  '/',
  '%',
  '_',
  "'",
  ';',
  ',',
  '=',
  '&',
  '+',
  '#',
  '?',
  '<',
  ' ',
  '\t',
);

export const hostileCharacter: fc.Arbitrary<string> = oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: oddCharacter, weight: 2 },
  { arbitrary: controlCharacter, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
);

/** Any text at all, lone surrogates, NUL and controls included. */
export const hostileString = (maxLength = 40) => fc.string({ unit: hostileCharacter, maxLength });

/** Printable ASCII: text that passes most validation, to reach the code behind it. */
export const plainString = (minLength = 0, maxLength = 40) =>
  fc.string({ unit: 'grapheme-ascii', minLength, maxLength });

/** Strings around and past the 64 KiB body limit, in one- to four-byte characters (or worse). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(1_000, 65_535, 65_536, 65_537, 70_000, 300_000),
    fc.constantFrom('a', 'é', '€', '😀', ' ', '\ud800', '\u0000'),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Object keys that mean something to JavaScript objects. */
export const prototypeKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
);

// ---- numbers ----

export const edgeNumber: fc.Arbitrary<number> = oneof(
  {
    arbitrary: fc.constantFrom(
      0,
      -0,
      1,
      -1,
      0.5,
      -0.5,
      1.5,
      2,
      1e308,
      -1e308,
      Number.MIN_VALUE,
      Number.EPSILON,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 1,
      Number.MAX_SAFE_INTEGER + 2,
      Number.MIN_SAFE_INTEGER,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      2 ** 32,
      2 ** 63,
      2 ** 64,
      1e21,
      1e-7,
    ),
    weight: 3,
  },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
);

/** Number-like text JSON.stringify never writes: not JSON at all, or JSON that parses oddly. */
export const numberText = fc.constantFrom(
  '-0',
  '-0.0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '0x10',
  '01',
  '1.',
  '.5',
  '+1',
  '1E0',
  '1.0',
  '2.0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1_000',
);

// ---- JSON written by hand ----

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

const mutation: fc.Arbitrary<Mutation> = oneof(
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

// ---- bodies ----

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

// ---- headers ----

// Header values are Latin-1 without NUL, CR or LF: anything else the Headers class refuses itself.
const headerCharacter = oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 8 },
  { arbitrary: fc.integer({ min: 0x80, max: 0xff }).map(character), weight: 1 },
  { arbitrary: fc.constantFrom('\t', '\u0001', '\u007f', ';', ',', '=', '"', '%'), weight: 1 },
);
export const headerValue = (maxLength = 60) => fc.string({ unit: headerCharacter, maxLength });

/** Evidence of where a mutation comes from, and whether the API must take it as same-origin. */
export interface OriginPlan {
  name: string;
  headers: readonly (readonly [string, string])[];
  sameOrigin: boolean;
}

const originPlans: OriginPlan[] = [
  { name: 'same Origin', headers: [['origin', origin]], sameOrigin: true },
  {
    name: 'same Origin and Host',
    headers: [
      ['origin', origin],
      ['host', 'localhost:3000'],
    ],
    sameOrigin: true,
  },
  {
    // The Host header names where the request came, as `next start` passes it on.
    name: '127.0.0.1 Origin and Host',
    headers: [
      ['origin', 'http://127.0.0.1:3000'],
      ['host', '127.0.0.1:3000'],
    ],
    sameOrigin: true,
  },
  {
    name: 'same Origin, Sec-Fetch-Site cross-site',
    headers: [
      ['origin', origin],
      ['sec-fetch-site', 'cross-site'],
    ],
    sameOrigin: true,
  },
  {
    name: 'Sec-Fetch-Site same-origin',
    headers: [['sec-fetch-site', 'same-origin']],
    sameOrigin: true,
  },
  { name: 'no Origin', headers: [], sameOrigin: false },
  {
    name: 'Sec-Fetch-Site cross-site',
    headers: [['sec-fetch-site', 'cross-site']],
    sameOrigin: false,
  },
  {
    name: 'Sec-Fetch-Site same-site',
    headers: [['sec-fetch-site', 'same-site']],
    sameOrigin: false,
  },
  { name: 'Sec-Fetch-Site none', headers: [['sec-fetch-site', 'none']], sameOrigin: false },
  {
    name: 'foreign Origin, Sec-Fetch-Site same-origin',
    headers: [
      ['origin', 'https://evil.example'],
      ['sec-fetch-site', 'same-origin'],
    ],
    sameOrigin: false,
  },
  {
    // No proxy is trusted here (no VERCEL, no TRUST_PROXY): forwarded headers prove nothing.
    name: 'foreign Origin with X-Forwarded-Host and -Proto naming it',
    headers: [
      ['origin', 'https://evil.example'],
      ['x-forwarded-host', 'evil.example'],
      ['x-forwarded-proto', 'https'],
    ],
    sameOrigin: false,
  },
  {
    name: 'foreign Origin with X-Forwarded-Host naming it',
    headers: [
      ['origin', 'http://evil.example'],
      ['x-forwarded-host', 'evil.example'],
    ],
    sameOrigin: false,
  },
  {
    name: 'foreign Origin with Forwarded naming it',
    headers: [
      ['origin', 'https://evil.example'],
      ['forwarded', 'host=evil.example;proto=https'],
    ],
    sameOrigin: false,
  },
  {
    name: 'our Origin over https, X-Forwarded-Proto https',
    headers: [
      ['origin', 'https://localhost:3000'],
      ['x-forwarded-proto', 'https'],
    ],
    sameOrigin: false,
  },
];

const foreignOrigins = fc.constantFrom(
  'https://evil.example',
  'http://localhost:3001',
  'https://localhost:3000',
  'http://localhost',
  'http://localhost:3000/',
  'http://localhost:3000.evil.example',
  'http://evil.example:3000',
  'null',
  '',
  'file://',
);

export const originPlan: fc.Arbitrary<OriginPlan> = oneof(
  { arbitrary: fc.constant(originPlans[0]!), weight: 12 },
  { arbitrary: fc.constantFrom(...originPlans.slice(1)), weight: 4 },
  {
    arbitrary: fc
      .oneof(foreignOrigins, headerValue(40))
      .filter((value) => value.trim() !== origin)
      .map((value): OriginPlan => ({
        name: 'foreign Origin',
        headers: [['origin', value]],
        sameOrigin: false,
      })),
    weight: 2,
  },
);

/** Content types: JSON in the forms HTTP allows, others, none, and garbage. */
export const contentType: fc.Arbitrary<string | null> = oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=latin1',
      'application/json ; x=y',
    ),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/json-patch+json',
      'application/ld+json',
      'text/json',
      'json',
      '',
      '*/*',
      'application/json, text/plain',
    ),
    weight: 2,
  },
  { arbitrary: headerValue(40), weight: 1 },
);

/** JSON by its media type (the part before parameters), in any case: what HTTP says it is. */
export const isJsonContentType = (value: string | null) =>
  value !== null && value.split(';')[0]!.trim().toLowerCase() === 'application/json';

/** The platform's bearer token, or not; `valid` null where reasonable servers may differ. */
export interface AuthorizationPlan {
  header: string | null;
  valid: boolean | null;
}

export const authorizationPlan: fc.Arbitrary<AuthorizationPlan> = oneof(
  { arbitrary: fc.constant({ header: `Bearer ${platformToken}`, valid: true }), weight: 12 },
  {
    // The scheme is case-insensitive.
    arbitrary: fc
      .constantFrom(`bearer ${platformToken}`, `BEARER ${platformToken}`)
      .map((header) => ({ header, valid: true })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(
        null,
        '',
        'Bearer',
        'Bearer ',
        `Bearer ${platformToken}x`,
        `Bearer ${platformToken.slice(0, -1)}`,
        `Bearer ${platformToken.toUpperCase()}`,
        `Bearer "${platformToken}"`,
        `Bearer ${platformToken}, Bearer other`,
        `Basic ${Buffer.from(`platform:${platformToken}`).toString('base64')}`,
        `Token ${platformToken}`,
        platformToken,
        'Bearer a.b.c',
      )
      .map((header) => ({ header, valid: false })),
    weight: 3,
  },
  {
    arbitrary: fc
      .constantFrom(`Bearer  ${platformToken}`, `Bearer\t${platformToken}`)
      .map((header) => ({ header, valid: null })),
    weight: 1,
  },
  { arbitrary: headerValue(80).map((header) => ({ header, valid: false })), weight: 1 },
);

/**
 * The session cookie a request carries, made at run time by `cookieMaker`: none, a valid session,
 * or one the database must refuse (another key, expired, revoked, a disabled account, forged,
 * tampered, unsigned, under another name), or any Cookie header at all.
 */
export type CookiePlan =
  | { kind: 'none' }
  | { kind: 'valid'; noise: readonly (readonly [string, string])[] }
  | { kind: 'random'; value: string }
  | { kind: 'other-key' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'disabled-account' }
  | { kind: 'unknown-session' }
  | { kind: 'forged-secret' }
  | { kind: 'tampered'; at: number }
  | { kind: 'alg-none' }
  | { kind: 'foreign-name'; name: string }
  | { kind: 'duplicate'; garbage: string; validLast: boolean }
  | { kind: 'raw-header'; header: string };

const cookieName = oneof(
  fc.constantFrom(
    'gavel_session',
    '__Secure-gavel_session',
    '__host-gavel_session',
    '__Host-gavel_Session',
    '__Host-gavel_session2',
    'session',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/).filter((name) => name !== sessionCookieName),
);

export const cookiePlan: fc.Arbitrary<CookiePlan> = oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      noise: fc.array(
        fc.tuple(
          cookieName,
          headerValue(20).map((value) => value.replace(/;/g, '')),
        ),
        {
          maxLength: 2,
        },
      ),
    }),
    weight: 8,
  },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 3 },
  {
    arbitrary: fc
      .oneof(headerValue(80), fc.constantFrom('a.b.c', '%E0%A4%A', '%ff', 'x'.repeat(3_000)))
      .map((value) => ({ kind: 'random' as const, value })),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom(
      { kind: 'other-key' as const },
      { kind: 'expired' as const },
      { kind: 'revoked' as const },
      { kind: 'disabled-account' as const },
      { kind: 'unknown-session' as const },
      { kind: 'forged-secret' as const },
      { kind: 'alg-none' as const },
    ),
    weight: 3,
  },
  { arbitrary: fc.nat().map((at) => ({ kind: 'tampered' as const, at })), weight: 1 },
  { arbitrary: cookieName.map((name) => ({ kind: 'foreign-name' as const, name })), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      garbage: headerValue(20).map((value) => value.replace(/;/g, '')),
      validLast: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: headerValue(120).map((header) => ({ kind: 'raw-header' as const, header })),
    weight: 1,
  },
);

/** Whether the database must accept the plan's session: null where the parser decides. */
export function cookieIsValid(plan: CookiePlan): boolean | null {
  if (plan.kind === 'valid') return true;
  if (plan.kind === 'duplicate') return null;
  return false;
}

const reservedHeaders = new Set([
  'origin',
  'sec-fetch-site',
  'content-type',
  'content-length',
  'cookie',
  'authorization',
  'host',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/** Headers that should change nothing: forwarded addresses and hosts, caching, odd names. */
export function noiseHeaders(withHost: boolean): fc.Arbitrary<(readonly [string, string])[]> {
  const known = fc.constantFrom(
    'x-forwarded-for',
    'x-real-ip',
    'x-forwarded-host',
    'x-forwarded-proto',
    'x-forwarded-port',
    'forwarded',
    'x-vercel-forwarded-for',
    'accept',
    'accept-encoding',
    'accept-language',
    'user-agent',
    'referer',
    'x-requested-with',
    'if-none-match',
    'range',
    'x-middleware-subrequest',
    'x-invoke-path',
    'next-router-state-tree',
    'rsc',
  );
  const name = oneof(
    { arbitrary: known, weight: 3 },
    {
      arbitrary: fc
        .stringMatching(/^[a-z0-9-]{1,24}$/)
        .filter((text) => !reservedHeaders.has(text)),
      weight: 1,
    },
    ...(withHost ? [{ arbitrary: fc.constant('host'), weight: 2 }] : []),
  );
  const value = oneof(
    headerValue(),
    fc.constantFrom(
      '127.0.0.1',
      '::1',
      '10.0.0.1, 203.0.113.9',
      'evil.example',
      'localhost:3000',
      '1',
    ),
  );
  return fc.array(fc.tuple(name, value), { maxLength: 3 });
}

// ---- paths and query strings ----

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

// ---- requests ----

export interface RequestSpec {
  method: HttpMethod;
  /** The path on the wire; `{id}` stands for the resolved id plan. */
  path: string;
  query: string;
  id: IdPlan | null;
  origin: OriginPlan;
  contentType: string | null;
  authorization: AuthorizationPlan | null;
  cookie: CookiePlan;
  headers: readonly (readonly [string, string])[];
  /** Always null for GET and HEAD, which cannot carry one. */
  body: BodySpec | null;
}

export interface RouteTraits {
  path: string;
  methods: fc.Arbitrary<HttpMethod>;
  query?: fc.Arbitrary<string>;
  id?: fc.Arbitrary<IdPlan>;
  /** Body text (default: any JSON-ish text). */
  body?: fc.Arbitrary<string>;
  /** How the body travels (default: `bodySpec` of `body`). */
  transport?: (text: fc.Arbitrary<string>) => fc.Arbitrary<BodySpec>;
  /** Send platform bearer tokens. */
  authorization?: boolean;
  cookie?: fc.Arbitrary<CookiePlan>;
  /** Send random Host headers too (only where no same-origin decision depends on it). */
  host?: boolean;
}

/** A text for a counterexample line: its start and end when it is long (where a cut hides things). */
const show = (text: string, max = 160) =>
  text.length <= max
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, max - 40))}…(${text.length} chars)…${JSON.stringify(text.slice(-40))}`;

const showBytes = (bytes: Uint8Array) =>
  `bytes[${bytes.byteLength}] ${Buffer.from(bytes.subarray(0, 96)).toString('hex')}${bytes.byteLength > 96 ? '…' : ''}`;

function describeCookie(plan: CookiePlan): string {
  switch (plan.kind) {
    case 'valid':
      return plan.noise.length
        ? `valid session + ${show(JSON.stringify(plan.noise), 80)}`
        : 'valid session';
    case 'random':
      return `${sessionCookieName}=${show(plan.value, 80)}`;
    case 'tampered':
      return `tampered session (at ${plan.at})`;
    case 'foreign-name':
      return `valid session named ${show(plan.name)}`;
    case 'duplicate':
      return `duplicate session cookies (garbage ${show(plan.garbage)}, valid ${plan.validLast ? 'last' : 'first'})`;
    case 'raw-header':
      return `Cookie: ${show(plan.header, 80)}`;
    default:
      return plan.kind;
  }
}

function describeId(plan: IdPlan): string {
  if (plan.kind !== 'given') return plan.kind;
  return `${show(plan.value, 80)}${plan.raw ? ' (raw)' : ''}`;
}

function describeBody(body: BodySpec): string {
  const payload =
    typeof body.payload === 'string' ? show(body.payload, 600) : showBytes(body.payload);
  const length =
    body.contentLength.kind === 'value'
      ? `, Content-Length ${show(body.contentLength.value)}`
      : body.contentLength.kind === 'exact'
        ? ', Content-Length exact'
        : '';
  const breaks = body.breaksAfter === null ? '' : `, breaking off after ${body.breaksAfter}`;
  return `${body.chunks ? `${body.chunks} chunks` : 'whole'}${length}${breaks}: ${payload}`;
}

/** A spec as one line, long texts cut: how fast-check prints a counterexample. */
export function describeSpec(spec: RequestSpec): string {
  const parts = [
    `${spec.method} ${spec.path}${spec.query.length > 160 ? `${spec.query.slice(0, 160)}…(${spec.query.length} chars)` : spec.query}`,
    spec.id ? `id ${describeId(spec.id)}` : null,
    `origin: ${spec.origin.name}${spec.origin.name === 'foreign Origin' ? ` ${show(spec.origin.headers[0]![1])}` : ''}`,
    `content-type: ${spec.contentType === null ? 'none' : show(spec.contentType)}`,
    spec.authorization
      ? `authorization: ${spec.authorization.header === null ? 'none' : show(spec.authorization.header, 60)}`
      : null,
    `cookie: ${describeCookie(spec.cookie)}`,
    spec.headers.length
      ? `headers: ${spec.headers.map(([name, value]) => `${name}: ${show(value, 60)}`).join(', ')}`
      : null,
    spec.body ? `body ${describeBody(spec.body)}` : null,
  ];
  return parts.filter((part) => part !== null).join(' | ');
}

const bodyless = (method: HttpMethod) => method === 'GET' || method === 'HEAD';

/**
 * Requests to one route. Half of them get well-formed guards (same Origin, JSON, the platform
 * token, a valid session, an honest length) so that the body, id and query reach the code behind
 * the guards often; the other half get any guards at all.
 */
export function requestSpec(traits: RouteTraits): fc.Arbitrary<RequestSpec> {
  const wellFormed = fc.record({
    origin: fc.constant(originPlans[0]!),
    contentType: fc.constant<string | null>('application/json'),
    authorization: fc.constant<AuthorizationPlan | null>(
      traits.authorization ? { header: `Bearer ${platformToken}`, valid: true } : null,
    ),
    cookie: fc.constant<CookiePlan>({ kind: 'valid', noise: [] }),
    headers: fc.constant<(readonly [string, string])[]>([]),
    honestLength: fc.constant(true),
  });
  const anyGuards = fc.record({
    origin: originPlan,
    contentType,
    authorization: traits.authorization ? authorizationPlan : fc.constant(null),
    cookie: traits.cookie ?? cookiePlan,
    headers: noiseHeaders(traits.host ?? false),
    honestLength: fc.constant(false),
  });
  return fc
    .record({
      method: traits.methods,
      query: traits.query ?? fc.constant(''),
      id: traits.id ?? fc.constant(null),
      guards: oneof(wellFormed, anyGuards),
      body: (traits.transport ?? bodySpec)(traits.body ?? bodyText(fc.jsonValue())),
    })
    .map(({ guards: { honestLength, ...guards }, body, ...fields }): RequestSpec => {
      const honestBody =
        body && honestLength && body.contentLength.kind === 'value'
          ? { ...body, contentLength: { kind: 'none' as const } }
          : body;
      const spec: RequestSpec = {
        ...fields,
        ...guards,
        path: traits.path,
        body: bodyless(fields.method) ? null : honestBody,
      };
      // `this`, not `spec`: a copy with fields replaced (`{...spec, body}`) prints as it is.
      return Object.assign(spec, {
        [fc.toStringMethod](this: RequestSpec) {
          return describeSpec(this);
        },
      });
    });
}

type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;

/**
 * The handler Next runs for a method of a route module: its export, or what Next answers itself
 * when there is none (HEAD as GET without a body, OPTIONS naming the exports with 204, any other
 * method an empty 405 without Allow: which the contract checks refuse, as they should).
 */
export function handlerFor(
  route: object,
  method: HttpMethod,
): (request: NextRequest, context: BuiltRequest['context']) => Promise<Response> {
  const exported = route as Partial<Record<HttpMethod, RouteHandler>>;
  const own = exported[method];
  if (own) return async (request, context) => own(request, context);
  if (method === 'HEAD' && exported.GET) {
    const get = exported.GET;
    return async (request, context) => {
      const answer = await get(request, context);
      return new Response(null, { status: answer.status, headers: answer.headers });
    };
  }
  if (method === 'OPTIONS') {
    const allow = httpMethods.filter((name) => exported[name] || (name === 'HEAD' && exported.GET));
    return async () =>
      new Response(null, { status: 204, headers: { allow: [...allow, 'OPTIONS'].join(', ') } });
  }
  return async () => new Response(null, { status: 405 });
}

export interface BuiltRequest {
  request: NextRequest;
  /** The second argument of a dynamic route's handler. */
  context: { params: Promise<Record<string, string>> };
  /** The body's size in bytes as sent (0 without one). */
  bodyBytes: number;
  /** The Content-Length header sent, if any. */
  declaredLength: string | null;
  /** The body text as the server decodes it (UTF-8, bad bytes replaced), or null without one. */
  bodyText: string | null;
}

/** The NextRequest a spec describes, with its cookie header and id resolved by the test. */
export function buildRequest(
  spec: RequestSpec,
  resolved: { cookie: string | null; id?: string | null },
): BuiltRequest {
  const id = resolved.id ?? null;
  const raw = spec.id?.kind === 'given' && spec.id.raw;
  const path = id === null ? spec.path : spec.path.replace('{id}', raw ? id : percentEncode(id));
  const headers = new Headers();
  for (const [name, value] of spec.origin.headers) headers.append(name, value);
  if (spec.contentType !== null) headers.set('content-type', spec.contentType);
  if (spec.authorization?.header != null) headers.set('authorization', spec.authorization.header);
  if (resolved.cookie !== null) headers.set('cookie', resolved.cookie);
  for (const [name, value] of spec.headers) headers.append(name, value);

  let body: BodyInit | undefined;
  let bodyBytes = 0;
  let bodyText: string | null = null;
  if (spec.body) {
    const bytes =
      typeof spec.body.payload === 'string' ? encoder.encode(spec.body.payload) : spec.body.payload;
    bodyBytes = bytes.byteLength;
    bodyText = new TextDecoder().decode(bytes);
    const length = spec.body.contentLength;
    if (length.kind === 'exact') headers.set('content-length', String(bodyBytes));
    if (length.kind === 'value') headers.set('content-length', length.value);
    if (spec.body.chunks > 0) {
      const size = Math.max(1, Math.ceil(bytes.byteLength / spec.body.chunks));
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.byteLength; at += size) chunks.push(bytes.slice(at, at + size));
      let sent = 0;
      // Always before the end, however few chunks a short payload makes.
      const breaksAfter =
        spec.body.breaksAfter === null
          ? null
          : Math.min(spec.body.breaksAfter, Math.max(0, chunks.length - 1));
      body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (breaksAfter !== null && sent >= breaksAfter) {
            controller.error(new TypeError('terminated: other side closed'));
            return;
          }
          const next = chunks.shift();
          sent += 1;
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
    } else {
      // A string goes as text (the request adds text/plain when no type was given); bytes as they are.
      body = typeof spec.body.payload === 'string' ? spec.body.payload : (bytes as BodyInit);
    }
  }
  const init = { method: spec.method, headers, body, duplex: 'half' };
  const request = new NextRequest(
    `${origin}${path}${spec.query}`,
    init as ConstructorParameters<typeof NextRequest>[1],
  );
  return {
    request,
    context: { params: Promise.resolve<Record<string, string>>(id === null ? {} : { id }) },
    bodyBytes,
    declaredLength: headers.get('content-length'),
    bodyText,
  };
}

/** True when the body is over the 64 KiB limit, or declares a length over it: a 413 is due. */
export function bodyTooLarge(built: BuiltRequest): boolean {
  return built.bodyBytes > maxBodyBytes || Number(built.declaredLength ?? 0) > maxBodyBytes;
}

/**
 * True when a 413 is a fair answer: the body is too large, or declares a length that is no length
 * or not its real one. An honest body within the limit must never get one.
 */
export function mayBeTooLarge(built: BuiltRequest): boolean {
  if (bodyTooLarge(built)) return true;
  const declared = built.declaredLength;
  return (
    declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) !== built.bodyBytes)
  );
}

// ---- sessions made at run time ----

export interface SessionAccounts {
  /** An enabled account: its sessions are valid. */
  enabledId: string;
  /** A disabled account: sessions made for it directly must be refused. */
  disabledId: string;
}

export interface ResolvedCookie {
  header: string | null;
  /** The session the cookie names, when one was made for it. */
  sessionId: string | null;
}

/** Makes the Cookie header of a plan, creating sessions in the database as the plan needs. */
export async function cookieMaker(db: Database, accounts: SessionAccounts) {
  const { createSession, revokeSession } = await import('@/lib/server/auth/sessions');
  const { signSessionCookie } = await import('@/lib/server/auth/session-cookie');
  const key = process.env.SESSION_SECRET!;
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  const claimsOf = (cookie: string) =>
    JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString('utf8')) as {
      sid: string;
      sec: string;
      exp: number;
    };
  const pair = (value: string, name = sessionCookieName) => `${name}=${value}`;

  return async function make(plan: CookiePlan): Promise<ResolvedCookie> {
    if (plan.kind === 'none') return { header: null, sessionId: null };
    if (plan.kind === 'random') return { header: pair(plan.value), sessionId: null };
    if (plan.kind === 'raw-header') return { header: plan.header, sessionId: null };
    if (plan.kind === 'unknown-session' || plan.kind === 'alg-none') {
      const claims = { sid: randomUUID(), sec: 'secret', exp: inAnHour() };
      if (plan.kind === 'unknown-session') {
        return { header: pair(await signSessionCookie(claims, key)), sessionId: null };
      }
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return { header: pair(`${encode({ alg: 'none' })}.${encode(claims)}.`), sessionId: null };
    }

    const owner = plan.kind === 'disabled-account' ? accounts.disabledId : accounts.enabledId;
    const session = await createSession(db, owner, key);
    const { cookieValue, sessionId } = session;
    const claims = claimsOf(cookieValue);
    switch (plan.kind) {
      case 'valid':
        return {
          header: [
            pair(cookieValue),
            ...plan.noise.map(([name, value]) => `${name}=${value}`),
          ].join('; '),
          sessionId,
        };
      case 'disabled-account':
        return { header: pair(cookieValue), sessionId };
      case 'revoked':
        await revokeSession(db, sessionId, 'sign-out');
        return { header: pair(cookieValue), sessionId };
      case 'other-key':
        return { header: pair(await signSessionCookie(claims, 'y'.repeat(48))), sessionId };
      case 'expired':
        return {
          header: pair(
            await signSessionCookie({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, key),
          ),
          sessionId,
        };
      case 'forged-secret':
        return {
          header: pair(await signSessionCookie({ ...claims, sec: randomUUID() }, key)),
          sessionId,
        };
      case 'tampered': {
        const signature = cookieValue.lastIndexOf('.') + 1;
        const at = signature + (plan.at % (cookieValue.length - signature));
        const flipped = cookieValue[at] === 'A' ? 'B' : 'A';
        return {
          header: pair(cookieValue.slice(0, at) + flipped + cookieValue.slice(at + 1)),
          sessionId,
        };
      }
      case 'foreign-name':
        return { header: pair(cookieValue, plan.name), sessionId };
      case 'duplicate': {
        const both = [pair(plan.garbage), pair(cookieValue)];
        return { header: (plan.validLast ? both : both.reverse()).join('; '), sessionId };
      }
    }
  };
}

// ---- the answer ----

export interface AnswerRules {
  method: HttpMethod;
  /** The route's Allow header: the methods it implements, HEAD with GET, and OPTIONS. */
  allow: string;
  /** The error codes the implemented methods may answer. */
  codes: readonly ProblemCode[];
  /** The statuses of success the implemented methods may answer. */
  success: readonly number[];
}

export interface Answer {
  status: number;
  /** The error code of a 4xx, null otherwise (and for HEAD, which has no body). */
  code: ProblemCode | null;
  /** The parsed JSON body, or null without one. */
  body: unknown;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Checks what every answer of the API must be, whatever was asked: never a 5xx; the API headers;
 * a 4xx is the JSON envelope `{error: {code, message}}` (a 409 may add the agreement) with a code
 * of the contract that this route may answer and the status that goes with that code; a 429 says
 * when to retry; a 405 names the allowed methods; OPTIONS answers 204 with them.
 */
export async function checkAnswer(response: Response, rules: AnswerRules): Promise<Answer> {
  const text = await response.text();
  const status = response.status;
  const fail = (why: string): never => {
    throw new ContractViolation(`${why}\n    answer: ${status} ${show(text, 400)}`);
  };
  if (status >= 500) fail('a 5xx answer');
  if (response.headers.get('cache-control') !== 'no-store') fail('no Cache-Control: no-store');
  if (response.headers.get('x-content-type-options') !== 'nosniff')
    fail('no X-Content-Type-Options: nosniff');

  const allowed = rules.allow.split(', ');
  if (rules.method === 'OPTIONS') {
    if (status !== 204) fail('OPTIONS did not answer 204');
    if (response.headers.get('allow') !== rules.allow)
      fail(`OPTIONS Allow is not "${rules.allow}"`);
    return { status, code: null, body: null };
  }
  const implemented = allowed.includes(rules.method);
  const codes: readonly ProblemCode[] = implemented ? rules.codes : ['method_not_allowed'];

  if (status < 400) {
    if (!implemented) fail(`${rules.method} is not implemented, yet answered ${status}`);
    if (!rules.success.includes(status)) fail(`status ${status} is not one this route answers`);
    if (rules.method === 'HEAD' && text !== '') fail('HEAD answered with a body');
    const json = /^application\/json/.test(response.headers.get('content-type') ?? '');
    if (!json || text === '') return { status, code: null, body: null };
    try {
      return { status, code: null, body: JSON.parse(text) };
    } catch {
      return fail('a success declared JSON that does not parse');
    }
  }

  if (rules.method === 'HEAD' && implemented) {
    if (text !== '') fail('HEAD answered with a body');
    if (!codes.some((code) => problemStatus[code] === status))
      fail(`status ${status} is not one of this route's`);
    return { status, code: null, body: null };
  }
  if (!/^application\/json/.test(response.headers.get('content-type') ?? ''))
    fail('a 4xx that is not JSON');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    fail('a 4xx whose body is not JSON');
  }
  if (!isRecord(body) || !isRecord(body.error)) return fail('a 4xx without the error envelope');
  const { code, message } = body.error;
  if (Object.keys(body.error).sort().join() !== 'code,message')
    fail('error has other fields than code and message');
  if (typeof message !== 'string' || message.trim() === '') fail('error.message is not a sentence');
  if (typeof code !== 'string' || !(code in problemStatus))
    fail(`error.code ${String(code)} is not in the contract`);
  const known = code as ProblemCode;
  if (!codes.includes(known))
    fail(`error.code ${known} is not one this route answers to ${rules.method}`);
  if (problemStatus[known] !== status)
    fail(`status ${status} does not go with ${known} (${problemStatus[known]})`);
  const extra = Object.keys(body).filter(
    (key) => key !== 'error' && !(known === 'conflict' && key === 'agreement'),
  );
  if (extra.length > 0) fail(`the envelope has other fields: ${extra.join(', ')}`);
  if (known === 'rate_limited') {
    const retryAfter = response.headers.get('retry-after') ?? '';
    if (!/^\d+$/.test(retryAfter) || Number(retryAfter) < 1)
      fail('a 429 without Retry-After in seconds');
  }
  if (known === 'method_not_allowed' && response.headers.get('allow') !== rules.allow) {
    fail(`a 405 whose Allow is not "${rules.allow}"`);
  }
  return { status, code: known, body };
}

/** Fails unless `value` validates against one of the product's own response schemas. */
export function expectShape(
  schema: Parameters<typeof safeParse>[0],
  value: unknown,
  what: string,
): void {
  const result = safeParse(schema, value);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ContractViolation(`${what} does not have its shape: ${issues.join('; ')}`);
  }
}

/** Fails unless the answer is the refusal a guard the request fails must give. */
export function expectCode(answer: Answer, code: ProblemCode, why: string): void {
  if (answer.code !== code && !(answer.code === null && answer.status === problemStatus[code])) {
    throw new ContractViolation(
      `expected ${problemStatus[code]} ${code} (${why}), got ${answer.status} ${answer.code ?? ''}`,
    );
  }
}

// ---- the database ----

/** Row counts and digests of what a refused request must not change, per table. */
export type TableSnapshot = Record<
  | 'agreements'
  | 'agreement_decisions'
  | 'sessions'
  | 'staff_accounts'
  | 'sign_in_failures'
  | 'lots',
  string
>;

// A session's last_seen_at slides while it is used, which is no write a refusal could cause.
const snapshotQuery = sql.raw(`
  select
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || platform_id || '/' || version || '/' || status || '/' ||
      coalesce(decided_by, '-') || '/' || coalesce(reason, '-') || '/' || coalesce(decided_at::text, '-'),
      ',' order by id)), '') from agreements) as agreements,
    (select count(*) || ':' || coalesce(max(id), 0) from agreement_decisions) as agreement_decisions,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || secret_hash || '/' || expires_at::text || '/' || coalesce(revoked_at::text, '-'),
      ',' order by id)), '') from sessions) as sessions,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || login_id || '/' || password_hash || '/' || coalesce(disabled_at::text, '-') ||
      '/' || role || '/' || updated_at::text, ',' order by id)), '') from staff_accounts) as staff_accounts,
    (select count(*) || ':' || coalesce(md5(string_agg(
      id::text || '/' || coalesce(forgiven_at::text, '-'), ',' order by id)), '') from sign_in_failures)
      as sign_in_failures,
    (select count(*) || ':' || coalesce(md5(string_agg(
      auction_id || '/' || lot_id || '/' || lot_number || '/' || updated_at::text,
      ',' order by auction_id, lot_id)), '') from lots) as lots
`);

export async function tableSnapshot(db: Database): Promise<TableSnapshot> {
  const result = (await db.execute(snapshotQuery)) as unknown as { rows: TableSnapshot[] };
  return { ...result.rows[0]! };
}

/** Fails when a table other than `except` changed between the two snapshots. */
export function expectUnchanged(
  before: TableSnapshot,
  after: TableSnapshot,
  why: string,
  except: readonly (keyof TableSnapshot)[] = [],
): void {
  const changed = (Object.keys(before) as (keyof TableSnapshot)[]).filter(
    (table) => !except.includes(table) && before[table] !== after[table],
  );
  if (changed.length > 0) {
    throw new ContractViolation(
      `${why}, yet it changed ${changed.map((t) => `${t} (${before[t]} -> ${after[t]})`).join(', ')}`,
    );
  }
}

// ---- coverage ----

/**
 * Tallies the answers a property got, so that a test can fail when its generators never reach an
 * outcome (a property whose requests all stop at the first guard proves little about the rest).
 */
export class Outcomes {
  private readonly counts = new Map<string, number>();

  note(answer: Answer): void {
    const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  toString(): string {
    return [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  }

  /**
   * Fails unless every expected outcome ("200", "409 conflict") was seen, in runs of at least
   * `minRuns` cases (fewer prove nothing either way). FUZZ_STATS=1 prints the tally.
   */
  expectReached(name: string, expected: readonly string[], runs: number, minRuns = 150): void {
    if (process.env.FUZZ_STATS) console.info(`${name}: ${this.toString()}`);
    if (runs < minRuns) return;
    const missing = expected.filter((key) => !this.counts.has(key));
    if (missing.length > 0) {
      throw new Error(
        `${name}: the cases never got ${missing.join(', ')} (got ${this.toString()})`,
      );
    }
  }
}
