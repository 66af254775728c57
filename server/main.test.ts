/** @jest-environment node */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '@/lib/server/db/data-dir-lock';

/** Runs the real entry point to its end: its exit code and what it printed. */
async function runMain(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['server/main.ts', '--port', String(port)], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, APP_ENV: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

// The real entry point must stop at once, before Next prepares (which opens the embedded
// database in DATA_DIR), with a sentence saying why, when its port or its data folder is taken.
describe('node server/main.ts', () => {
  let occupant: Server;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'gavel-main-'));
    occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, resolve));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await new Promise((resolve) => occupant.close(resolve));
  });

  it('exits on a port in use, leaving the data folder untouched', async () => {
    const port = (occupant.address() as AddressInfo).port;
    const dataDir = join(scratch, 'untouched');
    const { code, output } = await runMain(port, dataDir);
    expect(output).toContain(`gavel: port ${port} is in use: is another Gavel running?`);
    expect(code).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  }, 30_000);

  it('exits on a data folder another process holds, naming it and the pid', async () => {
    const dataDir = join(scratch, 'held');
    const lock = lockDataDir(dataDir);
    try {
      const free = createServer();
      const port = await new Promise<number>((resolve) =>
        free.listen(0, () => resolve((free.address() as AddressInfo).port)),
      );
      await new Promise((resolve) => free.close(resolve));
      const { code, output } = await runMain(port, dataDir);
      expect(output).toContain(
        `the embedded database in ${dataDir} is in use by process ${process.pid}`,
      );
      expect(code).toBe(1);
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      lock.release();
    }
  }, 30_000);
});
