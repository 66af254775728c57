/** @jest-environment node */
// env.ts: the embedded defaults, and each variable read, or refused with a sentence naming it.
import { embeddedDefaults, parseEnv } from './env';
import { configurationError, secret } from './env-fixture';

describe('parseEnv', () => {
  it('uses the embedded defaults with an empty environment', () => {
    expect(parseEnv({})).toEqual({
      appEnv: 'local',
      port: 3000,
      databaseUrl: null,
      dataDir: '.data',
      sessionSecret: null,
      pubnub: null,
      cipherKey: null,
      sentryDsn: null,
      platformToken: 'embedded-platform-token',
      demoPassword: 'demo-password',
      simulator: { enabled: true, ratePerSecond: 2, anomalies: true },
      relayPort: 4000,
      embeddedRealtime: true,
      standaloneRelay: null,
      relayAllowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      consoleUrl: 'http://localhost:3000',
      trustProxy: false,
      onVercel: false,
      approvalThresholds: {
        byCurrency: { EUR: 100000, GBP: 100000, USD: 100000 },
        fallback: 100000,
      },
      recorder: 'live',
      cronSecret: null,
      recordRetentionDays: null,
      activityRetentionDays: 400,
      flagGate: 'escalated',
    });
  });

  it('exposes the embedded defaults the product promises', () => {
    expect(embeddedDefaults).toEqual({
      port: 3000,
      demoPassword: 'demo-password',
      platformToken: 'embedded-platform-token',
      dataDir: '.data',
      simulatorRatePerSecond: 2,
      relayPortOffset: 1000,
    });
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({
      PORT: '',
      APP_ENV: '',
      VERCEL_ENV: '',
      DATABASE_URL: '',
      DATA_DIR: '',
      SESSION_SECRET: '',
      PUBNUB_SUBSCRIBE_KEY: '',
      SENTRY_DSN: '',
      PLATFORM_TOKEN: '',
      DEMO_PASSWORD: '',
      SIMULATOR: '',
      SIMULATOR_RATE: '',
    });
    expect(env).toEqual(parseEnv({}));
  });

  it('reads the values it is given', () => {
    const env = parseEnv({
      PORT: '4000',
      DATA_DIR: '/var/gavel',
      DATABASE_URL: 'postgresql://db/gavel',
      SESSION_SECRET: secret,
      PUBNUB_CIPHER_KEY: 'cipher',
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42',
      PLATFORM_TOKEN: 'token-token-token-1',
      DEMO_PASSWORD: 'longer-password',
      SIMULATOR_RATE: '5.5',
    });
    expect(env).toMatchObject({
      appEnv: 'local',
      port: 4000,
      dataDir: '/var/gavel',
      databaseUrl: 'postgresql://db/gavel',
      sessionSecret: secret,
      cipherKey: 'cipher',
      sentryDsn: 'https://key@o1.ingest.sentry.io/42',
      platformToken: 'token-token-token-1',
      demoPassword: 'longer-password',
      simulator: { enabled: true, ratePerSecond: 5.5 },
    });
  });

  it.each(['abc', '70000', '0', '65536', '-1', '80.5', '123456'])(
    'rejects PORT %p naming PORT',
    (port) => {
      expect(configurationError({ PORT: port }).message).toContain('PORT');
    },
  );

  it.each([
    ['1', 1],
    ['65535', 65535],
  ])('accepts PORT %p', (port, expected) => {
    expect(parseEnv({ PORT: port }).port).toBe(expected);
  });

  it('rejects APP_ENV staging naming APP_ENV', () => {
    const { message } = configurationError({ APP_ENV: 'staging' });
    expect(message).toContain('APP_ENV');
    expect(message).toContain('staging');
  });

  it.each([
    ['preview', 'preview'],
    ['development', 'local'],
  ])('VERCEL_ENV %p → appEnv %p', (vercelEnv, expected) => {
    expect(parseEnv({ VERCEL: '1', VERCEL_ENV: vercelEnv }).appEnv).toBe(expected);
  });

  it('APP_ENV wins over VERCEL_ENV', () => {
    expect(parseEnv({ APP_ENV: 'preview', VERCEL_ENV: 'production' }).appEnv).toBe('preview');
  });

  it('records live by default, on read on Vercel, and takes the Cron secret and the retentions', () => {
    expect(parseEnv({}).recorder).toBe('live');
    expect(parseEnv({ VERCEL: '1' }).recorder).toBe('on-read');
    expect(parseEnv({ VERCEL: '1', RECORDER: 'live' }).recorder).toBe('live');
    expect(parseEnv({ RECORDER: 'off' }).recorder).toBe('off');
    const env = parseEnv({ CRON_SECRET: 'c'.repeat(32), RECORD_RETENTION_DAYS: '90' });
    expect(env).toMatchObject({ cronSecret: 'c'.repeat(32), recordRetentionDays: 90 });
    expect(() => parseEnv({ RECORDER: 'sometimes' })).toThrow(/RECORDER must be "live"/);
    expect(() => parseEnv({ RECORD_RETENTION_DAYS: '0' })).toThrow(/RECORD_RETENTION_DAYS/);
    expect(parseEnv({ ACTIVITY_RETENTION_DAYS: '30' }).activityRetentionDays).toBe(30);
    expect(parseEnv({ ACTIVITY_RETENTION_DAYS: '' }).activityRetentionDays).toBe(400);
    for (const days of ['0', '-5', '1.5', 'forever']) {
      expect(() => parseEnv({ ACTIVITY_RETENTION_DAYS: days })).toThrow(
        /ACTIVITY_RETENTION_DAYS must be a whole number of days/,
      );
    }
    expect(() => parseEnv({ CRON_SECRET: 'short' })).toThrow(/CRON_SECRET must be at least 16/);
  });

  it('FLAG_GATE: escalated flags hold agreements back by default; open or off on request', () => {
    expect(parseEnv({}).flagGate).toBe('escalated');
    expect(parseEnv({ FLAG_GATE: 'open' }).flagGate).toBe('open');
    expect(parseEnv({ FLAG_GATE: 'off' }).flagGate).toBe('off');
    expect(() => parseEnv({ FLAG_GATE: 'cleared' })).toThrow(/FLAG_GATE must be "escalated"/);
  });

  it('PUBNUB_SUBSCRIBE_KEY turns the simulator off and configures PubNub', () => {
    const env = parseEnv({
      PUBNUB_SUBSCRIBE_KEY: 'sub-c-1',
      PUBNUB_PUBLISH_KEY: 'pub-c-1',
      PUBNUB_SECRET_KEY: 'sec-c-1',
    });
    expect(env.simulator.enabled).toBe(false);
    expect(env.pubnub).toEqual({
      subscribeKey: 'sub-c-1',
      publishKey: 'pub-c-1',
      secretKey: 'sec-c-1',
      origin: { host: 'ps.pndsn.com', ssl: true, url: 'https://ps.pndsn.com' },
      tokenTtlMinutes: 60,
    });
  });

  it.each([
    ['off', false],
    ['on', true],
  ])('SIMULATOR=%p → enabled %p', (value, enabled) => {
    expect(parseEnv({ SIMULATOR: value }).simulator.enabled).toBe(enabled);
  });

  it.each<[string, Record<string, string>]>([
    ['SENTRY_DSN', { SENTRY_DSN: 'not a dsn' }],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/gavel' }],
    ['PLATFORM_TOKEN', { PLATFORM_TOKEN: 'short' }],
    ['DEMO_PASSWORD', { DEMO_PASSWORD: 'short' }],
    ['SIMULATOR', { SIMULATOR: 'yes' }],
    ['SIMULATOR_RATE', { SIMULATOR_RATE: 'fast' }],
  ])('rejects an invalid %s naming it', (name, source) => {
    expect(configurationError(source).message).toContain(name);
  });

  it('names every invalid variable in one message', () => {
    const { message } = configurationError({ PORT: 'abc', SENTRY_DSN: 'not a dsn' });
    expect(message).toContain('PORT');
    expect(message).toContain('SENTRY_DSN');
  });
});

describe('SIMULATOR_ANOMALIES', () => {
  it.each([
    [{}, true],
    [{ SIMULATOR_ANOMALIES: 'on' }, true],
    [{ SIMULATOR_ANOMALIES: 'off' }, false],
  ])('%p -> anomalies %p', (source, anomalies) => {
    expect(parseEnv(source).simulator.anomalies).toBe(anomalies);
  });

  it('refuses other values, naming the variable', () => {
    expect(() => parseEnv({ SIMULATOR_ANOMALIES: 'yes' })).toThrow(/SIMULATOR_ANOMALIES must be/);
  });
});

describe('APPROVAL_THRESHOLDS', () => {
  it('defaults to 100,000 in EUR, GBP, USD and every other currency', () => {
    expect(parseEnv({}).approvalThresholds).toEqual({
      byCurrency: { EUR: 100000, GBP: 100000, USD: 100000 },
      fallback: 100000,
    });
  });

  it('reads the thresholds it is given', () => {
    expect(parseEnv({ APPROVAL_THRESHOLDS: 'JPY=15000000, EUR=5000' }).approvalThresholds).toEqual({
      byCurrency: { JPY: 15000000, EUR: 5000 },
      fallback: null,
    });
  });

  it.each([
    ['EUR=100k', /APPROVAL_THRESHOLDS has "EUR=100k" where CODE=AMOUNT is expected/],
    ['eur=100', /has "eur=100"/],
    ['EUR=1.5', /whole major units/],
    ['EUR=1,EUR=2', /APPROVAL_THRESHOLDS names EUR twice/],
    ['*=1,*=2', /names \* twice/],
    ['EUR=1,', /has ""/],
  ])('refuses %p, naming the variable', (text, message) => {
    expect(() => parseEnv({ APPROVAL_THRESHOLDS: text })).toThrow(message);
  });
});
