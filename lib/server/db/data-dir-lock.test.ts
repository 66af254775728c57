/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DataDirLockedError,
  embeddedDataFolder,
  inMemoryDataDir,
  liveOwner,
  lockDataDir,
  lockFileName,
} from './data-dir-lock';

let folder: string;
let lockPath: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gavel-lock-'));
  lockPath = join(folder, lockFileName);
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A process that stays alive until the test ends it. */
function sleeper(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve(child as ChildProcess & { pid: number }));
  });
}

/** The pid of a process that has ended and been reaped. */
async function deadPid(): Promise<number> {
  const child = await sleeper();
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
  return child.pid;
}

describe('lockDataDir', () => {
  it('takes a free folder, naming this process, and releases it', () => {
    const lock = lockDataDir(folder);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    // Only the lock is left: no draft beside it.
    expect(readdirSync(folder)).toEqual([lockFileName]);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lockDataDir(folder).release();
  });

  it('refuses a folder another live process holds, naming the folder and its pid', async () => {
    const holder = await sleeper();
    try {
      writeFileSync(lockPath, JSON.stringify(liveOwner(holder.pid)));
      let refusal: unknown;
      try {
        lockDataDir(folder);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toContain(folder);
      expect((refusal as Error).message).toContain(`in use by process ${holder.pid}`);
      // The holder's lock is left as it was.
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: holder.pid });
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('shares a folder this process holds, removing the lock with its last holder', () => {
    const first = lockDataDir(folder);
    const second = lockDataDir(folder);
    first.release();
    first.release();
    expect(existsSync(lockPath)).toBe(true);
    second.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock left by a process that died', async () => {
    const pid = await deadPid();
    writeFileSync(lockPath, JSON.stringify({ pid, startedAt: null }));
    const lock = lockDataDir(folder);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', () => {
    writeFileSync(lockPath, JSON.stringify(liveOwner(process.pid)));
    const lock = lockDataDir(folder);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toEqual(liveOwner(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid belongs to a process started since (where /proc tells)', async () => {
    const other = await sleeper();
    try {
      const owner = liveOwner(other.pid);
      if (!owner?.startedAt) return; // No start times outside Linux: the pid alone decides there.
      writeFileSync(lockPath, JSON.stringify({ pid: other.pid, startedAt: `${owner.startedAt}0` }));
      lockDataDir(folder).release();
      expect(existsSync(lockPath)).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('creates the folder it locks', () => {
    const inner = join(folder, 'not-yet');
    lockDataDir(inner).release();
    expect(existsSync(inner)).toBe(true);
  });

  it('takes over an unreadable lock', () => {
    writeFileSync(lockPath, '');
    lockDataDir(folder).release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('leaves a lock that is no longer its own at release', () => {
    const lock = lockDataDir(folder);
    writeFileSync(lockPath, JSON.stringify({ pid: 1, startedAt: null }));
    lock.release();
    expect(existsSync(lockPath)).toBe(true);
  });

  it('is released when the process exits', async () => {
    const script = [
      "const { lockDataDir } = await import('./lib/server/db/data-dir-lock.ts');",
      `lockDataDir(${JSON.stringify(folder)});`,
      "process.stdout.write('locked');",
      'process.exit(0);',
    ].join('\n');
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--input-type=module', '-e', script],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect({ code, out }).toEqual({ code: 0, out: 'locked' });
    expect(existsSync(lockPath)).toBe(false);
  });
});

describe('liveOwner', () => {
  it('knows this process and not a dead one', async () => {
    expect(liveOwner(process.pid)).toMatchObject({ pid: process.pid });
    expect(liveOwner(await deadPid())).toBeNull();
  });
});

describe('embeddedDataFolder', () => {
  it('is the data folder, resolved, only for an embedded database kept on disk', () => {
    expect(embeddedDataFolder({ databaseUrl: null, dataDir: '.data' })).toBe(
      join(process.cwd(), '.data'),
    );
    expect(embeddedDataFolder({ databaseUrl: null, dataDir: inMemoryDataDir })).toBeNull();
    expect(embeddedDataFolder({ databaseUrl: 'postgres://db/gavel', dataDir: '.data' })).toBeNull();
  });
});
