// npm run dev: the console in development mode; errors are only logged (APP_ENV=local).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import nextEnv from '@next/env';
import { parseEnv } from '../lib/env.ts';
import { startEmbeddedRealtime } from './embedded-realtime.mjs';
import { ensureSessionSecret } from './session-secret.mjs';

const root = join(import.meta.dirname, '..');
// The same .env files Next reads, so the relay and this script see what the console sees
// (PubNub keys, PLATFORM_TOKEN, PORT) however ops set them.
nextEnv.loadEnvConfig(root, true);
const localEnv = { ...process.env, APP_ENV: process.env.APP_ENV || 'local' };
const settings = parseEnv(localEnv);
const env = ensureSessionSecret(localEnv, settings);
const port = String(settings.port);
const relay = startEmbeddedRealtime(root, settings, env);
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
