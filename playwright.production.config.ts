import { chromium, defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import {
  rehearsalBaseUrl,
  rehearsalKeys,
  rehearsalPlatformToken,
  rehearsalPort,
  rehearsalRelayPort,
  rehearsalSessionSecret,
  rehearsalTokenTtlMinutes,
} from './e2e/production/rehearsal';

// The production rehearsal (contract §16, scripts/e2e-production.sh): the path a deployment takes,
// run here. scripts/e2e-production.sh starts PostgreSQL and sets DATABASE_URL; the build is the
// one `npm run test:e2e` made (or made by the script when there is none).
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error('The production rehearsal runs from scripts/e2e-production.sh (DATABASE_URL).');

const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e/production',
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/production' }]]
    : 'list',
  outputDir: 'test-results/production',
  use: {
    baseURL: rehearsalBaseUrl,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: ['--no-sandbox', '--disable-background-networking'] },
    ...devices['Desktop Chrome'],
  },
  projects: [
    { name: 'rehearsal-setup', testMatch: /admin\.setup\.ts/ },
    { name: 'rehearsal', testMatch: /.*\.spec\.ts/, dependencies: ['rehearsal-setup'] },
  ],
  webServer: [
    {
      // PubNub with Access Manager: the relay alone, its simulator publishing and ingesting.
      command: 'node relay/main.ts',
      url: `http://127.0.0.1:${rehearsalRelayPort}/health`,
      reuseExistingServer: false,
      env: {
        RELAY_PORT: String(rehearsalRelayPort),
        RELAY_SUBSCRIBE_KEY: rehearsalKeys.subscribeKey,
        RELAY_PUBLISH_KEY: rehearsalKeys.publishKey,
        RELAY_SECRET_KEY: rehearsalKeys.secretKey,
        // The console it serves and ingests into: its origin is allowed, its ingests are called.
        PORT: String(rehearsalPort),
        PLATFORM_TOKEN: rehearsalPlatformToken,
        DATA_DIR: '.data/e2e-production',
        SIMULATOR_RATE: '4',
      },
    },
    {
      // As Vercel serves it: Next alone, no front door, production settings and nothing embedded.
      command: `node_modules/.bin/next start -p ${rehearsalPort}`,
      url: `${rehearsalBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        APP_ENV: 'production',
        PORT: String(rehearsalPort),
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: rehearsalSessionSecret,
        PLATFORM_TOKEN: rehearsalPlatformToken,
        PUBNUB_SUBSCRIBE_KEY: rehearsalKeys.subscribeKey,
        PUBNUB_PUBLISH_KEY: rehearsalKeys.publishKey,
        PUBNUB_SECRET_KEY: rehearsalKeys.secretKey,
        PUBNUB_ORIGIN: `http://127.0.0.1:${rehearsalRelayPort}`,
        PUBNUB_TOKEN_TTL_MINUTES: String(rehearsalTokenTtlMinutes),
      },
    },
  ],
});
