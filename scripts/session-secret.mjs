// SESSION_SECRET outside production: generated once, kept in DATA_DIR, handed to Next (Node and
// the Edge middleware read the same variable). Production must set it (lib/env.ts says so).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `env` with a SESSION_SECRET; `settings` (lib/env.ts) says where the data folder is. */
export function ensureSessionSecret(env, settings) {
  if (env.SESSION_SECRET || settings.appEnv === 'production') return env;
  const dataDir = resolve(settings.dataDir);
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return { ...env, SESSION_SECRET: readFileSync(file, 'utf8').trim() };
}
