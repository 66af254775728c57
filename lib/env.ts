// The one reader of the environment, for the console (Node and Edge), the relay and the launch
// scripts, which load this file with Node itself: hence no `server-only` (it throws outside a
// server bundle) and explicit `.ts` extensions. `readEnvironment` refuses to run in a browser.
import { z } from 'zod';
import { resolveAppEnv } from './app-env.ts';
import { defaultFlagGate, type FlagGate } from './sale-desk/flags/flag-review.ts';
import {
  defaultApprovalThresholdsText,
  parseApprovalThresholds,
} from './agreements/approval-thresholds.ts';
import type { EdgeEnv, ServerEnv } from './env-shape.ts';
import { defaultPubnubOrigin, parsePubnubOrigin } from './realtime/pubnub-origin.ts';

export type { EdgeEnv, ServerEnv } from './env-shape.ts';

/**
 * Values the embedded default uses; none is accepted when APP_ENV=production, where each must be
 * set for real (docs/product-contract.md §7).
 */
export const embeddedDefaults = {
  port: 3000,
  demoPassword: 'demo-password',
  platformToken: 'embedded-platform-token',
  dataDir: '.data',
  simulatorRatePerSecond: 2,
  /** The embedded relay listens on PORT + this, unless RELAY_PORT says otherwise. */
  relayPortOffset: 1000,
} as const;

// An empty variable (`FOO=` in a .env file) means "not set".
const optionalText = (rule: z.ZodString) =>
  z.preprocess((value) => (value === '' ? undefined : value), rule.optional());
const wholeDays = optionalText(
  z.string().regex(/^[1-9]\d{0,5}$/, 'must be a whole number of days, such as 90'),
);

const variablesSchema = z.object({
  PORT: optionalText(z.string().regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')),
  APP_ENV: optionalText(z.string()),
  VERCEL_ENV: optionalText(z.string()),
  VERCEL: optionalText(z.string()),
  DATABASE_URL: optionalText(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL'),
  ),
  DATA_DIR: optionalText(z.string()),
  SESSION_SECRET: optionalText(z.string().min(32, 'must be at least 32 characters long')),
  PUBNUB_SUBSCRIBE_KEY: optionalText(z.string()),
  PUBNUB_PUBLISH_KEY: optionalText(z.string()),
  PUBNUB_SECRET_KEY: optionalText(z.string()),
  PUBNUB_CIPHER_KEY: optionalText(z.string()),
  PUBNUB_ORIGIN: optionalText(z.string()),
  PUBNUB_TOKEN_TTL_MINUTES: optionalText(
    z
      .string()
      .regex(/^([1-9]\d{0,2}|1[0-3]\d\d|14[0-3]\d|1440)$/, 'must be whole minutes from 1 to 1440'),
  ),
  RELAY_SUBSCRIBE_KEY: optionalText(z.string()),
  RELAY_PUBLISH_KEY: optionalText(z.string()),
  RELAY_SECRET_KEY: optionalText(z.string().min(16, 'must be at least 16 characters long')),
  SENTRY_DSN: optionalText(
    z
      .string()
      .regex(
        /^https?:\/\/[^@\s]+@[^/\s]+\/\S+$/,
        'must be a Sentry DSN such as https://key@host/1',
      ),
  ),
  PLATFORM_TOKEN: optionalText(z.string().min(16, 'must be at least 16 characters long')),
  DEMO_PASSWORD: optionalText(z.string().min(8, 'must be at least 8 characters long')),
  SIMULATOR: optionalText(z.string().regex(/^(on|off)$/, 'must be "on" or "off"')),
  RELAY_PORT: optionalText(z.string().regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')),
  CONSOLE_URL: optionalText(
    z.string().regex(/^https?:\/\/\S+$/, 'must be a URL such as http://localhost:3000'),
  ),
  SIMULATOR_RATE: optionalText(
    z.string().regex(/^\d+(\.\d+)?$/, 'must be a number of bids per second, such as 2'),
  ),
  SIMULATOR_ANOMALIES: optionalText(z.string().regex(/^(on|off)$/, 'must be "on" or "off"')),
  RELAY_ALLOWED_ORIGINS: optionalText(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/,
        'must be comma-separated origins such as http://gavel.local:3000',
      ),
  ),
  APPROVAL_THRESHOLDS: optionalText(z.string()),
  TRUST_PROXY: optionalText(z.string().regex(/^[01]$/, 'must be 1 (behind a proxy) or 0')),
  RECORDER: optionalText(
    z.string().regex(/^(live|on-read|off)$/, 'must be "live", "on-read" or "off"'),
  ),
  CRON_SECRET: optionalText(z.string().min(16, 'must be at least 16 characters long')),
  RECORD_RETENTION_DAYS: wholeDays,
  ACTIVITY_RETENTION_DAYS: wholeDays,
  FLAG_GATE: optionalText(
    z.string().regex(/^(escalated|open|off)$/, 'must be "escalated", "open" or "off"'),
  ),
  NODE_ENV: optionalText(z.string()),
});
type Variables = z.infer<typeof variablesSchema>;

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

function listSentence(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Settings production must name itself, each with why; an embedded default stands in elsewhere. */
function missingInProduction(vars: Variables): string[] {
  const missing: string[] = [];
  if (!vars.PORT && !vars.VERCEL) missing.push('PORT (the port to listen on)');
  if (!vars.SESSION_SECRET) missing.push('SESSION_SECRET (signs session cookies)');
  if (!vars.DATABASE_URL) missing.push('DATABASE_URL (the PostgreSQL database)');
  if (!vars.PLATFORM_TOKEN || vars.PLATFORM_TOKEN === embeddedDefaults.platformToken)
    missing.push('PLATFORM_TOKEN (authenticates the auction platform)');
  if (vars.DEMO_PASSWORD === embeddedDefaults.demoPassword)
    missing.push(
      'DEMO_PASSWORD other than the embedded default (or unset: production has no demo account)',
    );
  if (!vars.PUBNUB_SUBSCRIBE_KEY)
    missing.push('PUBNUB_SUBSCRIBE_KEY (the embedded relay is refused in production)');
  return missing;
}

/** The variables checked one by one, and what every part derives from them the same way. */
function parseCommon(source: Record<string, string | undefined>) {
  const parsed = variablesSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigurationError(`Gavel cannot start: ${listSentence(problems)}.`);
  }
  const vars = parsed.data;
  const appEnv = resolveAppEnv(vars.APP_ENV, vars.VERCEL_ENV);
  if (appEnv === null) {
    throw new ConfigurationError(
      `Gavel cannot start: APP_ENV must be local, preview or production (got "${vars.APP_ENV}").`,
    );
  }
  if (vars.PUBNUB_ORIGIN && !vars.PUBNUB_SUBSCRIBE_KEY) {
    throw new ConfigurationError(
      'Gavel cannot start: PUBNUB_ORIGIN needs PUBNUB_SUBSCRIBE_KEY (without keys the embedded relay is used).',
    );
  }
  const origin = vars.PUBNUB_ORIGIN
    ? parsePubnubOrigin(vars.PUBNUB_ORIGIN, appEnv === 'production')
    : { ok: true as const, origin: defaultPubnubOrigin };
  if (!origin.ok) {
    throw new ConfigurationError(`Gavel cannot start: PUBNUB_ORIGIN ${origin.problem}.`);
  }
  if (Boolean(vars.RELAY_SUBSCRIBE_KEY) !== Boolean(vars.RELAY_PUBLISH_KEY)) {
    throw new ConfigurationError(
      'Gavel cannot start: RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY go together (the relay alone, with keys of its own).',
    );
  }
  if (vars.RELAY_SECRET_KEY && !vars.RELAY_SUBSCRIBE_KEY) {
    throw new ConfigurationError(
      'Gavel cannot start: RELAY_SECRET_KEY needs RELAY_SUBSCRIBE_KEY and RELAY_PUBLISH_KEY.',
    );
  }
  if (vars.PUBNUB_SECRET_KEY && !vars.PUBNUB_PUBLISH_KEY) {
    throw new ConfigurationError(
      'Gavel cannot start: PUBNUB_SECRET_KEY needs PUBNUB_PUBLISH_KEY (PubNub signs requests with both).',
    );
  }
  const port = Number(vars.PORT ?? embeddedDefaults.port);
  if (port < 1 || port > 65535) {
    throw new ConfigurationError('Gavel cannot start: PORT must be a port number from 1 to 65535.');
  }
  return {
    vars,
    appEnv,
    port,
    relayPort: vars.RELAY_PORT ? Number(vars.RELAY_PORT) : port + embeddedDefaults.relayPortOffset,
    trustProxy: Boolean(vars.VERCEL) || vars.TRUST_PROXY === '1',
    pubnubOrigin: origin.origin,
  };
}

/** Validates the environment; throws a ConfigurationError whose message names each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  const { vars, appEnv, port, relayPort, trustProxy, pubnubOrigin } = parseCommon(source);
  const onVercel = Boolean(vars.VERCEL);
  if (appEnv === 'production') {
    const missing = missingInProduction(vars);
    if (missing.length > 0) {
      throw new ConfigurationError(
        `Gavel cannot start: APP_ENV=production needs ${listSentence(missing)} to be set.`,
      );
    }
  }
  const thresholds = parseApprovalThresholds(
    vars.APPROVAL_THRESHOLDS ?? defaultApprovalThresholdsText,
  );
  if (!thresholds.ok) {
    throw new ConfigurationError(`Gavel cannot start: APPROVAL_THRESHOLDS ${thresholds.problem}.`);
  }
  return {
    appEnv,
    port,
    databaseUrl: vars.DATABASE_URL ?? null,
    dataDir: vars.DATA_DIR ?? embeddedDefaults.dataDir,
    sessionSecret: vars.SESSION_SECRET ?? null,
    pubnub: vars.PUBNUB_SUBSCRIBE_KEY
      ? {
          subscribeKey: vars.PUBNUB_SUBSCRIBE_KEY,
          publishKey: vars.PUBNUB_PUBLISH_KEY ?? null,
          secretKey: vars.PUBNUB_SECRET_KEY ?? null,
          origin: pubnubOrigin,
          tokenTtlMinutes: Number(vars.PUBNUB_TOKEN_TTL_MINUTES ?? 60),
        }
      : null,
    cipherKey: vars.PUBNUB_CIPHER_KEY ?? null,
    sentryDsn: vars.SENTRY_DSN ?? null,
    platformToken: vars.PLATFORM_TOKEN ?? embeddedDefaults.platformToken,
    demoPassword:
      appEnv === 'production' ? null : (vars.DEMO_PASSWORD ?? embeddedDefaults.demoPassword),
    simulator: {
      // The simulator is development and test infrastructure: off with real PubNub or in production.
      enabled: vars.SIMULATOR !== 'off' && !vars.PUBNUB_SUBSCRIBE_KEY && appEnv !== 'production',
      ratePerSecond: Number(vars.SIMULATOR_RATE ?? embeddedDefaults.simulatorRatePerSecond),
      anomalies: vars.SIMULATOR_ANOMALIES !== 'off',
    },
    relayPort,
    embeddedRealtime: !vars.PUBNUB_SUBSCRIBE_KEY && appEnv !== 'production',
    standaloneRelay:
      vars.RELAY_SUBSCRIBE_KEY && vars.RELAY_PUBLISH_KEY
        ? {
            subscribeKey: vars.RELAY_SUBSCRIBE_KEY,
            publishKey: vars.RELAY_PUBLISH_KEY,
            secretKey: vars.RELAY_SECRET_KEY ?? null,
          }
        : null,
    relayAllowedOrigins: [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      ...(vars.RELAY_ALLOWED_ORIGINS?.split(',').map((origin) => origin.trim()) ?? []),
    ],
    consoleUrl: vars.CONSOLE_URL ?? `http://localhost:${port}`,
    trustProxy,
    onVercel,
    approvalThresholds: thresholds.thresholds,
    recorder:
      (vars.RECORDER as ServerEnv['recorder'] | undefined) ?? (onVercel ? 'on-read' : 'live'),
    cronSecret: vars.CRON_SECRET ?? null,
    recordRetentionDays: vars.RECORD_RETENTION_DAYS ? Number(vars.RECORD_RETENTION_DAYS) : null,
    activityRetentionDays: Number(vars.ACTIVITY_RETENTION_DAYS ?? 400),
    flagGate: (vars.FLAG_GATE as FlagGate | undefined) ?? defaultFlagGate,
  };
}

/** The Edge middleware's part: the same variables and defaults, without the start-up checks. */
export function parseEdgeEnv(source: Record<string, string | undefined>): EdgeEnv {
  const { vars, appEnv, relayPort, trustProxy, pubnubOrigin } = parseCommon(source);
  return {
    appEnv,
    development: vars.NODE_ENV === 'development',
    sessionSecret: vars.SESSION_SECRET ?? null,
    sentryDsn: vars.SENTRY_DSN ?? null,
    pubnubEnabled: Boolean(vars.PUBNUB_SUBSCRIBE_KEY),
    pubnubOrigin: vars.PUBNUB_SUBSCRIBE_KEY ? pubnubOrigin : null,
    relayPort,
    trustProxy,
  };
}

function readEnvironment(): Record<string, string | undefined> {
  if (typeof window !== 'undefined') {
    throw new Error('lib/env.ts is server code: the browser gets its settings from the API.');
  }
  return process.env;
}

let cached: ServerEnv | null = null;

/** The validated environment of this process, parsed once. */
export function serverEnv(): ServerEnv {
  cached ??= parseEnv(readEnvironment());
  return cached;
}

let cachedEdge: EdgeEnv | null = null;

/** The Edge middleware's part of the environment, parsed once. */
export function edgeEnv(): EdgeEnv {
  cachedEdge ??= parseEdgeEnv(readEnvironment());
  return cachedEdge;
}
