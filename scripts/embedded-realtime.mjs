// The embedded relay and bid simulator (relay/main.ts) stand in for PubNub when no PubNub keys
// are set, so a fresh clone shows live bids with no configuration (docs/product-contract.md §7);
// never with keys, never in production. Its port, origins and console URL come from lib/env.ts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Starts the relay process when the embedded default applies (`settings` from lib/env.ts). */
export function startEmbeddedRealtime(root, settings, env) {
  if (!settings.embeddedRealtime) return null;
  return spawn(process.execPath, [join(root, 'relay', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
}
