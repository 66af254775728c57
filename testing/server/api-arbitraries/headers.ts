// Headers: content types and bearer tokens, forged and real, and headers that should change nothing
// (origins.ts and cookies.ts hold the origin evidence and the session cookies).
import fc from 'fast-check';
import { character, oneof, platformToken } from './wire';

// Header values are Latin-1 without NUL, CR or LF: anything else the Headers class refuses itself.
const headerCharacter = oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 8 },
  { arbitrary: fc.integer({ min: 0x80, max: 0xff }).map(character), weight: 1 },
  { arbitrary: fc.constantFrom('\t', '\u0001', '\u007f', ';', ',', '=', '"', '%'), weight: 1 },
);
export const headerValue = (maxLength = 60) => fc.string({ unit: headerCharacter, maxLength });

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
