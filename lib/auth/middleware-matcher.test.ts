/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config } from '@/middleware';

const matches = (url: string, headers?: Record<string, string>) =>
  unstable_doesMiddlewareMatch({ config, url, headers });

describe('middleware matcher', () => {
  it.each(['/', '/sign', '/dash', '/agreements', '/no/such/page', '/sign?next=1'])(
    'takes in the page %s (for its CSP nonce; the access check acts on /sign and /dash only)',
    (url) => {
      expect(matches(url)).toBe(true);
    },
  );

  it.each([
    '/_next/static/chunks/main.js',
    '/_next/static/css/app.css',
    '/_next/image?url=x',
    '/favicon.ico',
    '/icon.svg',
    '/robots.txt',
    '/api/health',
    '/api/auth/me',
  ])('leaves %s alone (static assets and the API)', (url) => {
    expect(matches(url)).toBe(false);
  });

  it('leaves router prefetches alone', () => {
    expect(matches('/dash', { 'next-router-prefetch': '1' })).toBe(false);
  });
});
