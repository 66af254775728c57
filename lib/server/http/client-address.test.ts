/** @jest-environment node */
import { trustedClientAddress } from './client-address';

const headers = (values: Record<string, string>) => new Headers(values);

const direct = { onVercel: false, trustProxy: false };
const vercel = { onVercel: true, trustProxy: true };
const behindProxy = { onVercel: false, trustProxy: true };

describe('trustedClientAddress without a trusted proxy', () => {
  it.each<Record<string, string>>([
    {},
    { 'x-forwarded-for': '203.0.113.7' },
    { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
    { 'x-real-ip': '203.0.113.7' },
    { 'x-vercel-forwarded-for': '203.0.113.7' },
    { 'x-forwarded-for': '198.51.100.1', 'x-vercel-forwarded-for': '203.0.113.7' },
  ])('trusts no header: %p -> null', (values) => {
    expect(trustedClientAddress(headers(values), direct)).toBeNull();
  });
});

describe('trustedClientAddress on Vercel', () => {
  it.each<[Record<string, string>, string | null]>([
    [{ 'x-vercel-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    [{ 'x-vercel-forwarded-for': '203.0.113.7, 10.0.0.1, 10.0.0.2' }, '203.0.113.7'],
    [{ 'x-vercel-forwarded-for': '  203.0.113.7  , 10.0.0.1' }, '203.0.113.7'],
    [{ 'x-vercel-forwarded-for': '2001:db8::1' }, '2001:db8::1'],
    [{ 'x-forwarded-for': '198.51.100.1', 'x-vercel-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    [{ 'x-real-ip': '198.51.100.9' }, '198.51.100.9'],
    [{ 'x-forwarded-for': '198.51.100.1' }, null],
    [{}, null],
    [{ 'x-vercel-forwarded-for': '' }, null],
    [{ 'x-vercel-forwarded-for': ', 10.0.0.1' }, null],
  ])('%p -> %p', (values, expected) => {
    expect(trustedClientAddress(headers(values), vercel)).toBe(expected);
  });

  it('keeps at most 64 characters', () => {
    const address = trustedClientAddress(
      headers({ 'x-vercel-forwarded-for': 'a'.repeat(500) }),
      vercel,
    );
    expect(address).toBe('a'.repeat(64));
  });
});

describe('trustedClientAddress behind a trusted proxy (TRUST_PROXY=1)', () => {
  it.each<[Record<string, string>, string | null]>([
    // The proxy appends the address it saw: the last entry; earlier ones the caller could forge.
    [{ 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    [{ 'x-forwarded-for': '198.51.100.66, 203.0.113.7' }, '203.0.113.7'],
    [{ 'x-forwarded-for': 'forged, 203.0.113.7 ' }, '203.0.113.7'],
    [{ 'x-real-ip': '203.0.113.9' }, '203.0.113.9'],
    // Only Vercel's edge sets this one: behind another proxy a caller could.
    [{ 'x-vercel-forwarded-for': '203.0.113.7' }, null],
    [{ 'x-forwarded-for': '' }, null],
    [{}, null],
  ])('%p -> %p', (values, expected) => {
    expect(trustedClientAddress(headers(values), behindProxy)).toBe(expected);
  });
});
