/** @jest-environment node */
// The reporting settings the browser reads from a meta tag: a bad tag means "only log", never a
// crash and never sending to a DSN it did not check.
import { reportingConfigSchema, sendsToSentry } from './reporting-config';

describe('reportingConfigSchema', () => {
  it.each([
    { appEnv: 'local', dsn: null },
    { appEnv: 'preview', dsn: 'https://key@sentry.example/1' },
    { appEnv: 'production', dsn: 'https://key@sentry.example/1' },
  ])('accepts %p', (config) => {
    expect(reportingConfigSchema.safeParse(config)).toEqual({ success: true, data: config });
  });

  it.each([
    ['an unknown environment', { appEnv: 'staging', dsn: null }],
    ['a missing dsn', { appEnv: 'production' }],
    ['a dsn that is not a string', { appEnv: 'production', dsn: 1 }],
    ['null', null],
    ['an array', ['production', 'https://key@sentry.example/1']],
  ])('refuses %s', (_name, config) => {
    expect(reportingConfigSchema.safeParse(config).success).toBe(false);
  });

  it('throws from parse with the path it refused', () => {
    expect(() => reportingConfigSchema.parse({ appEnv: 'staging', dsn: null })).toThrow(
      'appEnv: expected one of local, preview, production',
    );
  });
});

describe('sendsToSentry', () => {
  it('sends only outside local mode and with a DSN', () => {
    expect(sendsToSentry({ appEnv: 'production', dsn: 'https://k@s/1' })).toBe(true);
    expect(sendsToSentry({ appEnv: 'local', dsn: 'https://k@s/1' })).toBe(false);
    expect(sendsToSentry({ appEnv: 'production', dsn: null })).toBe(false);
  });
});
