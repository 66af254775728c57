import { edgeRedirect, guardedPaths } from './edge-access';

describe('edgeRedirect', () => {
  it.each([
    ['/dash', false, '/sign'],
    ['/dash', true, null],
    ['/sign', false, null],
    ['/sign', true, null],
    ['/agreements', false, null],
    ['/agreements', true, null],
    ['/', false, null],
    ['/dash/extra', false, null],
    ['/DASH', false, null],
    ['/no/such/page', false, null],
  ] as const)('%s with a valid cookie: %s → %s', (path, valid, expected) => {
    expect(edgeRedirect(path, valid)).toBe(expected);
  });

  it.each([
    ['?sale=london-watches-2026', '/sign?next=%2Fdash%3Fsale%3Dlondon-watches-2026'],
    ['?sale=a&lot=lot-1', '/sign?next=%2Fdash%3Fsale%3Da%26lot%3Dlot-1'],
    ['?', '/sign'],
    ['', '/sign'],
  ])('/dash%s without a valid cookie → %s (the deep link comes back)', (search, expected) => {
    expect(edgeRedirect('/dash', false, search)).toBe(expected);
    expect(edgeRedirect('/dash', true, search)).toBeNull();
  });

  it('guards exactly /sign and /dash', () => {
    expect([...guardedPaths]).toEqual(['/sign', '/dash']);
  });
});
