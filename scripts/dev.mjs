// npm run dev: the console in development mode; errors are only logged (APP_ENV=local).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import nextEnv from '@next/env';
import { relayPortFor, startEmbeddedRealtime } from './embedded-realtime.mjs';
import { ensureSessionSecret } from './session-secret.mjs';

const root = join(import.meta.dirname, '..');
// The same .env files Next reads, so the relay and this script see what the console sees
// (PubNub keys, PLATFORM_TOKEN, PORT) however ops set them.
nextEnv.loadEnvConfig(root, true);
const port = process.env.PORT || '3000';
const env = ensureSessionSecret({
  ...process.env,
  APP_ENV: process.env.APP_ENV || 'local',
  RELAY_PORT: relayPortFor(process.env, port),
});
const relay = startEmbeddedRealtime(root, env, port);
const server = spawn('next', ['dev', '--port', port], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    relay?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  relay?.kill('SIGTERM');
  process.exit(code ?? 0);
});
