// Shared by env.ts's tests: a complete production environment, and the error parseEnv refuses an
// environment with.
import { ConfigurationError, parseEnv } from './env';

export const secret = 'a'.repeat(32);
export const productionEnv: Record<string, string> = {
  APP_ENV: 'production',
  PORT: '8080',
  SESSION_SECRET: secret,
  DATABASE_URL: 'postgres://user:pw@db.example:5432/gavel',
  PLATFORM_TOKEN: 'a-real-platform-token-123',
  DEMO_PASSWORD: 'a-real-demo-password',
  PUBNUB_SUBSCRIBE_KEY: 'sub-c-123',
};

export function configurationError(source: Record<string, string | undefined>): ConfigurationError {
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
