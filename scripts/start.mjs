// npm start: builds the console when the sources changed since the last build, then serves it.
// Later parts (embedded database, relay, simulator) start from here too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import nextEnv from '@next/env';
import { ConfigurationError, parseEnv } from '../lib/env.ts';
import { startEmbeddedRealtime } from './embedded-realtime.mjs';
import { superviseRelay } from '../relay/supervisor.ts';
import { ensureSessionSecret } from './session-secret.mjs';

const root = join(import.meta.dirname, '..');
// The same .env files Next reads, so the relay and this script see what the console sees
// (PubNub keys, PLATFORM_TOKEN, PORT) however ops set them.
nextEnv.loadEnvConfig(root, false);
const nextBin = join(root, 'node_modules', '.bin', 'next');
const sourceEntries = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'middleware.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'sentry.server.config.ts',
  'sentry.edge.config.ts',
  'next.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

function buildIsStale() {
  const buildId = join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return sourceEntries.some((entry) => newestMtime(join(root, entry)) > builtAt);
}

let settings;
try {
  // The same checks the console makes, before anything starts: a bad setting is one sentence.
  settings = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// The e2e run builds once itself and starts three consoles: none of them rebuilds on its own.
if (process.env.GAVEL_SKIP_BUILD !== '1' && buildIsStale()) {
  console.info('gavel: building the console (first start or changed sources)…');
  const build = spawnSync(nextBin, ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = ensureSessionSecret(process.env, settings);
const port = String(settings.port);
// Set when the start fails after the console started: its exit then is no success.
let failure = null;
// The relay is supervised: if it stops, it starts again, unless it cannot start at all.
const relay = superviseRelay(
  () => startEmbeddedRealtime(root, settings, env),
  (reason) => {
    console.error(
      `gavel: ${reason} (see above): is port ${settings.relayPort} in use? RELAY_PORT sets ` +
        'another. Stopping.',
    );
    failure = 1;
    stopAll('SIGTERM');
  },
);

// What `next start` would serve, behind the request screen of server/front-door.ts.
const server = spawn(process.execPath, [join(root, 'server', 'main.ts'), '--port', port], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, NODE_ENV: 'production' },
});
console.info(`gavel: serving the console on http://localhost:${port}`);

function stopAll(signal) {
  relay.stop(signal);
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
server.on('exit', (code, signal) => {
  stopAll('SIGTERM');
  process.exit(failure ?? code ?? (signal ? 1 : 0));
});
