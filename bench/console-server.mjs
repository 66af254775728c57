// What the benchmarks share: a production console of their own, and percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value below which `p` % of the sorted figures fall. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function waitForHealth(baseUrl) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Still starting.
    }
    await sleep(500);
  }
  throw new Error('the console did not start');
}

/**
 * `npm start` (scripts/start.mjs) on `port` with an embedded database in a temporary DATA_DIR,
 * once it answers; `stop()` ends it and removes the data.
 */
export async function startConsole({ port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-bench-'));
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`http://localhost:${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
