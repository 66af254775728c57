// npm run dev: the console in development mode; errors are only logged (APP_ENV=local).
import { spawn } from 'node:child_process';
import { ensureSessionSecret } from './session-secret.mjs';

const server = spawn('next', ['dev', '--port', process.env.PORT || '3000'], {
  stdio: 'inherit',
  env: ensureSessionSecret({ ...process.env, APP_ENV: process.env.APP_ENV || 'local' }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
