// What `lib/env.ts` gives its readers: the server's configuration and the Edge middleware's
// part of it, each value parsed and defaulted once there. Types only.
import type { AppEnv } from './app-env.ts';
import type { FlagGate } from './sale-desk/flags/flag-review.ts';
import type { ApprovalThresholds } from './agreements/approval-thresholds.ts';
import type { PubnubOrigin } from './realtime/pubnub-origin.ts';

export interface ServerEnv {
  appEnv: AppEnv;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  sessionSecret: string | null;
  pubnub: {
    subscribeKey: string;
    publishKey: string | null;
    secretKey: string | null;
    /** PUBNUB_ORIGIN, default PubNub's own (https://ps.pndsn.com). */
    origin: PubnubOrigin;
    /** How long a browser's read token lives (PUBNUB_TOKEN_TTL_MINUTES, default 60). */
    tokenTtlMinutes: number;
  } | null;
  /** Encrypts bid payloads (PubNub crypto module), with PubNub or the embedded relay. */
  cipherKey: string | null;
  sentryDsn: string | null;
  platformToken: string;
  /** Null in production: the demo accounts exist only in the embedded default. */
  demoPassword: string | null;
  /** `anomalies`: now and then a bidding pattern each flag rule of the sale desk catches. */
  simulator: { enabled: boolean; ratePerSecond: number; anomalies: boolean };
  /** Port of the embedded relay (default PORT + 1000); used only without PubNub keys. */
  relayPort: number;
  /** The embedded realtime (relay and simulator) runs: no PubNub keys, not production. */
  embeddedRealtime: boolean;
  /**
   * `npm run relay` with keys of its own (RELAY_SUBSCRIBE_KEY, RELAY_PUBLISH_KEY) and, with
   * RELAY_SECRET_KEY, Access Manager: the PubNub a production rehearsal points the console at.
   */
  standaloneRelay: { subscribeKey: string; publishKey: string; secretKey: string | null } | null;
  /** Browser origins the relay answers (CORS): the console's own, and RELAY_ALLOWED_ORIGINS. */
  relayAllowedOrigins: string[];
  /** Where the simulator ingests sold lots: CONSOLE_URL, default this console. */
  consoleUrl: string;
  /**
   * A proxy in front sets the forwarded headers (Vercel, or TRUST_PROXY=1): only then are
   * X-Forwarded-Host/-Proto and the forwarded client address believed.
   */
  trustProxy: boolean;
  /** On Vercel, whose edge sets `x-vercel-forwarded-for` to the caller's address. */
  onVercel: boolean;
  /** Amounts at or above which an agreement needs two approvals (four-eyes, contract §12). */
  approvalThresholds: ApprovalThresholds;
  /**
   * How the sale record is kept (contract §13): `live`, a long-lived server subscribes and records
   * (the default but on Vercel); `on-read`, the Cron call and each sale read record what is new
   * (the default on Vercel, where no process lives on); `off`, neither (tests of the record alone).
   */
  recorder: 'live' | 'on-read' | 'off';
  /** Authenticates Vercel Cron's call of GET /api/cron/record; null: the call is refused. */
  cronSecret: string | null;
  /** Records older than this many days are deleted daily; null keeps them forever. */
  recordRetentionDays: number | null;
  /** Activity log events older than this many days (default 400) are deleted daily (§15). */
  activityRetentionDays: number;
  /** Which flags of a lot hold its agreement back from approval (contract §14). */
  flagGate: FlagGate;
}

/** What the Edge middleware needs: no database, no production completeness checks. */
export interface EdgeEnv {
  appEnv: AppEnv;
  development: boolean;
  sessionSecret: string | null;
  sentryDsn: string | null;
  pubnubEnabled: boolean;
  /** Where the browser reaches PubNub, for the CSP; null without keys (the embedded relay). */
  pubnubOrigin: PubnubOrigin | null;
  relayPort: number;
  trustProxy: boolean;
}
