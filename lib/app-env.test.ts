import { resolveAppEnv } from './app-env';

describe('resolveAppEnv', () => {
  it.each<[string | undefined, string | undefined, string | null]>([
    [undefined, undefined, 'local'],
    ['local', undefined, 'local'],
    ['preview', undefined, 'preview'],
    ['production', undefined, 'production'],
    ['staging', undefined, null],
    ['Production', undefined, null],
    ['', undefined, null],
    [undefined, 'preview', 'preview'],
    [undefined, 'development', 'local'],
    [undefined, 'production', 'production'],
    [undefined, 'something-else', 'local'],
    [undefined, '', 'local'],
    ['local', 'production', 'local'],
    ['preview', 'production', 'preview'],
    ['staging', 'production', null],
  ])('APP_ENV=%p VERCEL_ENV=%p → %p', (appEnv, vercelEnv, expected) => {
    expect(resolveAppEnv(appEnv, vercelEnv)).toBe(expected);
  });
});
