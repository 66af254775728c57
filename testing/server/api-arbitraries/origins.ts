// Origins: the evidence of where a mutation comes from, same-origin or forged.
import fc from 'fast-check';
import { headerValue } from './headers';
import { oneof, origin } from './wire';

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
