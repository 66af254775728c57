// Headers: content types, origins, cookies and bearer tokens, forged and real.
import fc from 'fast-check';
import { character, oneof, origin, platformToken, sessionCookieName } from './wire';

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

export const originPlans: OriginPlan[] = [
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
