/** @jest-environment node */
// env.ts in production (APP_ENV=production, or VERCEL_ENV=production on Vercel): every setting it
// needs named when missing, and no embedded default accepted (docs/product-contract.md §7).
import { parseEnv } from './env';
import { configurationError, productionEnv, secret } from './env-fixture';

describe('parseEnv', () => {
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
});
