import { contentSecurityPolicy, originOf } from './csp';

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  const production = directives(
    contentSecurityPolicy({
      nonce: 'abc123',
      development: false,
      connectSources: ['https://o1.ingest.sentry.io'],
    }),
  );

  it('allows scripts only with the nonce and what they load', () => {
    expect(production['script-src']).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
  });

  it('forbids plugins, base changes and framing', () => {
    expect(production['object-src']).toEqual(["'none'"]);
    expect(production['base-uri']).toEqual(["'none'"]);
    expect(production['frame-ancestors']).toEqual(["'none'"]);
  });

  it('lets the browser reach its own origin and the given ones only', () => {
    expect(production['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
  });

  it('allows eval only in development', () => {
    const development = directives(
      contentSecurityPolicy({ nonce: 'n', development: true, connectSources: [] }),
    );
    expect(development['script-src']).toContain("'unsafe-eval'");
    expect(production['script-src']).not.toContain("'unsafe-eval'");
  });
});

describe('originOf', () => {
  it.each([
    ['https://key@o1.ingest.sentry.io/42', 'https://o1.ingest.sentry.io'],
    ['http://e2epublic@127.0.0.1:3190/1', 'http://127.0.0.1:3190'],
    [undefined, null],
    ['', null],
    ['not a url', null],
  ])('%s → %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});
