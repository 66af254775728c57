/** @jest-environment node */
import { trustedClientAddress } from './client-address';

const headers = (values: Record<string, string>) => new Headers(values);

describe('trustedClientAddress off Vercel', () => {
  it.each<Record<string, string>>([
    {},
    { 'x-forwarded-for': '203.0.113.7' },
    { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
    { 'x-real-ip': '203.0.113.7' },
    { 'x-vercel-forwarded-for': '203.0.113.7' },
    { 'x-forwarded-for': '198.51.100.1', 'x-vercel-forwarded-for': '203.0.113.7' },
  ])('trusts no header: %p -> null', (values) => {
    expect(trustedClientAddress(headers(values), false)).toBeNull();
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
    expect(trustedClientAddress(headers(values), true)).toBe(expected);
  });

  it('keeps at most 64 characters', () => {
    const address = trustedClientAddress(
      headers({ 'x-vercel-forwarded-for': 'a'.repeat(500) }),
      true,
    );
    expect(address).toBe('a'.repeat(64));
  });
});

describe('trustedClientAddress default from process.env.VERCEL', () => {
  const saved = process.env.VERCEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.VERCEL;
    else process.env.VERCEL = saved;
  });

  it('trusts nothing when VERCEL is unset', () => {
    delete process.env.VERCEL;
    expect(trustedClientAddress(headers({ 'x-vercel-forwarded-for': '203.0.113.7' }))).toBeNull();
  });

  it('reads x-vercel-forwarded-for when VERCEL=1', () => {
    process.env.VERCEL = '1';
    expect(
      trustedClientAddress(headers({ 'x-vercel-forwarded-for': '203.0.113.7, 10.0.0.1' })),
    ).toBe('203.0.113.7');
  });
});
