/** @jest-environment node */
import { ConfigurationError, embeddedDefaults, parseEdgeEnv, parseEnv } from './env';

const secret = 'a'.repeat(32);
const productionEnv: Record<string, string> = {
  APP_ENV: 'production',
  PORT: '8080',
  SESSION_SECRET: secret,
  DATABASE_URL: 'postgres://user:pw@db.example:5432/gavel',
  PLATFORM_TOKEN: 'a-real-platform-token-123',
  DEMO_PASSWORD: 'a-real-demo-password',
  PUBNUB_SUBSCRIBE_KEY: 'sub-c-123',
};

function configurationError(source: Record<string, string | undefined>): ConfigurationError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ConfigurationError');
    return error as ConfigurationError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

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

  it('VERCEL_ENV production → production with the production settings provided', () => {
    const { APP_ENV: _appEnv, PORT: _port, ...rest } = productionEnv;
    const env = parseEnv({ ...rest, VERCEL: '1', VERCEL_ENV: 'production' });
    expect(env.appEnv).toBe('production');
    expect(env.simulator.enabled).toBe(false);
  });

  it('VERCEL_ENV production without the production settings is refused', () => {
    expect(configurationError({ VERCEL: '1', VERCEL_ENV: 'production' }).message).toContain(
      'APP_ENV=production',
    );
  });

  it('APP_ENV wins over VERCEL_ENV', () => {
    expect(parseEnv({ APP_ENV: 'preview', VERCEL_ENV: 'production' }).appEnv).toBe('preview');
  });

  it('APP_ENV=production with nothing set names every missing setting in one message', () => {
    const { message } = configurationError({ APP_ENV: 'production' });
    expect(message.startsWith('Gavel cannot start: APP_ENV=production needs ')).toBe(true);
    for (const name of [
      'SESSION_SECRET',
      'DATABASE_URL',
      'PLATFORM_TOKEN',
      'PUBNUB_SUBSCRIBE_KEY',
      'PORT',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('production does not require PORT on Vercel', () => {
    const { PORT: _port, ...rest } = productionEnv;
    expect(parseEnv({ ...rest, VERCEL: '1' }).port).toBe(3000);
    expect(configurationError(rest).message).toContain('PORT');
  });

  it.each(['PORT', 'SESSION_SECRET', 'DATABASE_URL', 'PLATFORM_TOKEN', 'PUBNUB_SUBSCRIBE_KEY'])(
    'production without %s is refused naming only it',
    (name) => {
      const { [name]: _removed, ...rest } = productionEnv;
      const { message } = configurationError(rest);
      expect(message).toContain(name);
      const others = [
        'PORT',
        'SESSION_SECRET',
        'DATABASE_URL',
        'PLATFORM_TOKEN',
        'PUBNUB_SUBSCRIBE_KEY',
      ].filter((other) => other !== name);
      for (const other of others) expect(message).not.toContain(other);
    },
  );

  it('production with the embedded PLATFORM_TOKEN is refused', () => {
    const { message } = configurationError({
      ...productionEnv,
      PLATFORM_TOKEN: 'embedded-platform-token',
    });
    expect(message).toContain('PLATFORM_TOKEN');
  });

  it('production with the embedded DEMO_PASSWORD is refused', () => {
    const { message } = configurationError({ ...productionEnv, DEMO_PASSWORD: 'demo-password' });
    expect(message).toContain('DEMO_PASSWORD');
  });

  // No embedded default is accepted in production (docs/product-contract.md §7). Production has no
  // demo account, so the demo password is not a setting it needs: it never falls back to the
  // default either.
  it('production never falls back to the embedded demo password', () => {
    const { DEMO_PASSWORD: _removed, ...rest } = productionEnv;
    expect(parseEnv(rest).demoPassword).toBeNull();
    expect(parseEnv(productionEnv).demoPassword).toBeNull();
  });

  it('a complete production environment parses', () => {
    expect(parseEnv(productionEnv)).toEqual({
      appEnv: 'production',
      port: 8080,
      databaseUrl: 'postgres://user:pw@db.example:5432/gavel',
      dataDir: '.data',
      sessionSecret: secret,
      pubnub: {
        subscribeKey: 'sub-c-123',
        publishKey: null,
        secretKey: null,
        origin: { host: 'ps.pndsn.com', ssl: true, url: 'https://ps.pndsn.com' },
        tokenTtlMinutes: 60,
      },
      relayPort: 9080,
      cipherKey: null,
      sentryDsn: null,
      platformToken: 'a-real-platform-token-123',
      demoPassword: null,
      simulator: { enabled: false, ratePerSecond: 2, anomalies: true },
      embeddedRealtime: false,
      standaloneRelay: null,
      relayAllowedOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      consoleUrl: 'http://localhost:8080',
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

describe('proxy trust', () => {
  it.each<[Record<string, string>, { trustProxy: boolean; onVercel: boolean }]>([
    [{}, { trustProxy: false, onVercel: false }],
    [{ TRUST_PROXY: '0' }, { trustProxy: false, onVercel: false }],
    [{ TRUST_PROXY: '1' }, { trustProxy: true, onVercel: false }],
    [{ VERCEL: '1' }, { trustProxy: true, onVercel: true }],
  ])('%p -> %p', (source, expected) => {
    const env = parseEnv(source);
    expect({ trustProxy: env.trustProxy, onVercel: env.onVercel }).toEqual(expected);
    expect(parseEdgeEnv(source).trustProxy).toBe(expected.trustProxy);
  });

  it('refuses a TRUST_PROXY other than 0 or 1, naming it', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be 1/);
  });
});

describe('the embedded relay settings, written once', () => {
  it('derives the relay port, its origins and the console URL from PORT', () => {
    const env = parseEnv({ PORT: '3100', RELAY_ALLOWED_ORIGINS: 'http://gavel.test:3100' });
    expect(env.relayPort).toBe(4100);
    expect(parseEdgeEnv({ PORT: '3100' }).relayPort).toBe(4100);
    expect(env.relayAllowedOrigins).toEqual([
      'http://localhost:3100',
      'http://127.0.0.1:3100',
      'http://gavel.test:3100',
    ]);
    expect(env.consoleUrl).toBe('http://localhost:3100');
    expect(env.embeddedRealtime).toBe(true);
  });

  it('has no embedded realtime with PubNub keys', () => {
    expect(parseEnv({ PUBNUB_SUBSCRIBE_KEY: 'sub-c-1' }).embeddedRealtime).toBe(false);
  });

  it('refuses RELAY_ALLOWED_ORIGINS that are not origins', () => {
    expect(() => parseEnv({ RELAY_ALLOWED_ORIGINS: 'gavel.test' })).toThrow(
      /RELAY_ALLOWED_ORIGINS must be comma-separated origins/,
    );
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
