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

  it('guards exactly /sign and /dash', () => {
    expect([...guardedPaths]).toEqual(['/sign', '/dash']);
  });
});
