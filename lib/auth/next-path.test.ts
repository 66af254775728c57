import { afterSignIn, safeNextPath, signInHref } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/agreements', '/agreements'],
    [
      '/agreements?status=approved&q=mustang%201967',
      '/agreements?status=approved&q=mustang%201967',
    ],
    ['/dash?sale=london-watches-2026&lot=lot-12', '/dash?sale=london-watches-2026&lot=lot-12'],
    ['/agreements#row-3', '/agreements#row-3'],
    // A path segment that merely contains encoded slashes stays a path of this console.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/agreements/../dash', '/dash'],
  ])('takes %s as %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/agreements'],
    ['an absolute URL', 'https://evil.example'],
    ['an absolute URL to this console', 'https://gavel.invalid/agreements'],
    ['a backslash turned slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab a parser strips', '/\t/evil.example'],
    ['a newline a parser strips', '/\n/evil.example'],
    ['a space', '/ /evil.example'],
    ['a relative path', 'agreements'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an encoded protocol-relative URL (not decoded twice)', '%2F%2Fevil.example'],
    ['an encoded backslash start', '%5C%5Cevil.example'],
    ['the sign-in page itself (a loop)', '/sign?next=/dash'],
    ['a path that climbs out to another origin', '/..//evil.example'],
    ['a very long path', `/${'a'.repeat(2_000)}`],
    ['an API that acts on a GET (a sign-out by link)', '/api/auth/session-ended'],
    ['an API answering JSON', '/api/agreements/export?status=pending'],
    ['an API reached by climbing', '/dash/../api/health'],
    ['the API root', '/api'],
  ])('refuses %s', (_, next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe('afterSignIn', () => {
  it.each([
    ['', '/dash'],
    ['?next=%2Fagreements%3Fstatus%3Dapproved', '/agreements?status=approved'],
    ['?next=%2F%2Fevil.example', '/dash'],
    ['?next=https%3A%2F%2Fevil.example', '/dash'],
    ['?next=%2F%5Cevil.example', '/dash'],
    ['?next=%252F%252Fevil.example', '/dash'],
    ['?next=/agreements&next=//evil.example', '/agreements'],
  ])('after sign-in with %p goes to %s', (search, expected) => {
    expect(afterSignIn(search)).toBe(expected);
  });
});

describe('signInHref', () => {
  it('encodes the way back', () => {
    expect(signInHref('/agreements?status=approved&q=a%20b')).toBe(
      '/sign?next=%2Fagreements%3Fstatus%3Dapproved%26q%3Da%2520b',
    );
  });

  it('is the plain sign-in page for a path it would not come back to', () => {
    expect(signInHref('//evil.example')).toBe('/sign');
  });

  it('is the plain sign-in page for plain /dash, where signing in goes anyway; a deep link keeps its way back', () => {
    expect(signInHref('/dash')).toBe('/sign');
    expect(signInHref('/dash?sale=cars-a')).toBe('/sign?next=%2Fdash%3Fsale%3Dcars-a');
  });
});
