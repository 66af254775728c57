// The embedded relay and bid simulator (relay/main.ts) stand in for PubNub when no PubNub keys
// are set, so a fresh clone shows live bids with no configuration (docs/product-contract.md §7);
// never with keys, never in production.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const relayPortFor = (env, consolePort) =>
  env.RELAY_PORT || String(Number(consolePort) + 1000);

/** Starts the relay process when the embedded default applies; returns it, or null. */
export function startEmbeddedRealtime(root, env, consolePort) {
  if (env.PUBNUB_SUBSCRIBE_KEY || env.APP_ENV === 'production') return null;
  const allowedOrigins = [
    `http://localhost:${consolePort}`,
    `http://127.0.0.1:${consolePort}`,
    env.RELAY_ALLOWED_ORIGINS,
  ];
  return spawn(process.execPath, [join(root, 'relay', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      RELAY_ALLOWED_ORIGINS: allowedOrigins.filter(Boolean).join(','),
      // The simulator ingests sold lots into this console, with the PLATFORM_TOKEN of `env`.
      CONSOLE_URL: env.CONSOLE_URL || `http://localhost:${consolePort}`,
    },
  });
}
