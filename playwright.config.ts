import { chromium, defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import {
  consolePort,
  e2eCipherKey,
  e2eSessionSecret,
  encryptedPort,
  localModePort,
  receiverPort,
} from './e2e/support/servers';

/** QA points the suite at any deployment with PLAYWRIGHT_BASE_URL; otherwise it serves a local build. */
const externalBaseUrl = process.env.PLAYWRIGHT_BASE_URL;

const receiver = `http://e2epublic@127.0.0.1:${receiverPort}`;

// Playwright cannot download its own browser here: fall back to Debian's Chromium.
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(chromium.executablePath()) ? undefined : '/usr/bin/chromium');

// Each server gets its own fresh embedded database (scripts/e2e.sh empties .data/e2e first).
function consoleServer(port: number, env: Record<string, string>) {
  return {
    command: `node scripts/start.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      DATA_DIR: `.data/e2e/${port}`,
      SESSION_SECRET: e2eSessionSecret,
      // scripts/e2e.sh has just built; three consoles must not rebuild at once.
      GAVEL_SKIP_BUILD: '1',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: externalBaseUrl ?? `http://localhost:${consolePort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs the demo account in once; specs that need a session use its storage state.
    { name: 'setup', testMatch: /auth\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      testIgnore: /(local-build|disruptive|production)\//,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Needs what only a local run has: the build output and the local envelope receiver.
    ...(externalBaseUrl
      ? []
      : [
          {
            name: 'local-build',
            testMatch: /local-build\/.*\.spec\.ts/,
            dependencies: ['setup'],
            use: { ...devices['Desktop Chrome'] },
          },
          {
            // Restarts shared infrastructure: only once everything else is done.
            name: 'disruptive',
            testMatch: /disruptive\/.*\.spec\.ts/,
            dependencies: ['chromium', 'local-build'],
            use: { ...devices['Desktop Chrome'] },
          },
        ]),
  ],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: `node e2e/support/envelope-receiver.mjs`,
          url: `http://127.0.0.1:${receiverPort}/health`,
          reuseExistingServer: false,
          env: { ENVELOPE_RECEIVER_PORT: String(receiverPort) },
        },
        consoleServer(consolePort, { APP_ENV: 'preview', SENTRY_DSN: `${receiver}/1` }),
        consoleServer(localModePort, { APP_ENV: 'local', SENTRY_DSN: `${receiver}/2` }),
        consoleServer(encryptedPort, { APP_ENV: 'preview', PUBNUB_CIPHER_KEY: e2eCipherKey }),
      ],
});
