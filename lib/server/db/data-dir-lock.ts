// No `import 'server-only'`: server/main.ts, plain Node, takes the folder before Next starts.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `memory://` keeps the embedded database in memory (tests): no folder, nothing to lock. */
export const inMemoryDataDir = 'memory://';

/** The folder whose embedded database these settings open, or null (PostgreSQL, in memory). */
export function embeddedDataFolder(settings: {
  databaseUrl: string | null;
  dataDir: string;
}): string | null {
  return settings.databaseUrl || settings.dataDir === inMemoryDataDir
    ? null
    : resolve(settings.dataDir);
}

/** The file in the data folder that names the process using its embedded database (ADR 0027). */
export const lockFileName = 'pglite.lock';

/** Who holds a lock: a pid, and its start time where the kernel tells it (Linux `/proc`). */
export interface LockOwner {
  pid: number;
  startedAt: string | null;
}

export class DataDirLockedError extends Error {
  constructor(folder: string, pid: number, lockPath: string) {
    super(
      `gavel: the embedded database in ${folder} is in use by process ${pid} (a Gavel server or ` +
        `the accounts command): PGlite allows one process per data folder. Stop that process ` +
        `first; if it is not Gavel, remove ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * A live process as the lock file records it, or null when no such process runs: no pid, a
 * zombie (dead, not yet reaped), or a pid reused by a process started since (a container restart
 * gives the same pids again).
 */
export function liveOwner(pid: number): LockOwner | null {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { pid, startedAt: null };
  }
  // The name in parentheses may hold spaces; after it: state (field 3) … starttime (field 22).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return null;
  return { pid, startedAt: fields[19] ?? null };
}

function readOwner(path: string): { text: string; owner: LockOwner | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isSafeInteger(owner.pid) && owner.pid > 0
      ? { text, owner }
      : { text, owner: null };
  } catch {
    return { text, owner: null };
  }
}

function stillHolds(owner: LockOwner): boolean {
  // This pid in a lock this process does not hold: a former process's, whose pid came back.
  if (owner.pid === process.pid) return false;
  const live = liveOwner(owner.pid);
  if (!live) return false;
  return !owner.startedAt || !live.startedAt || owner.startedAt === live.startedAt;
}

export interface DataDirLock {
  /** Removes the lock file if it is still this one; also done at the process's exit. */
  release(): void;
}

interface HeldLock {
  holders: number;
  record: string;
  onExit: () => void;
}

// The locks this process holds, by lock file, shared by every copy of this module in it: the
// server takes its folder in server/main.ts and again where Next's bundle opens the database.
const held = ((globalThis as { gavelDataDirLocks?: Map<string, HeldLock> }).gavelDataDirLocks ??=
  new Map());

/**
 * Takes `folder` for this process, or throws DataDirLockedError naming the live process that
 * holds it. A lock left by a process that died is taken over; one this process holds is shared,
 * and its file goes when the last holder releases it.
 */
export function lockDataDir(folder: string): DataDirLock {
  const path = join(folder, lockFileName);
  const mine = held.get(path) ?? takeFile(folder, path);
  mine.holders += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      mine.holders -= 1;
      if (mine.holders === 0) releaseFile(path, mine);
    },
  };
}

function takeFile(folder: string, path: string): HeldLock {
  mkdirSync(folder, { recursive: true });
  const record = JSON.stringify(liveOwner(process.pid));
  // Written aside then linked into place: the link is an exclusive create (EEXIST when a lock is
  // there) that appears with its pid already in it, so no one reads a half-written lock.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, record);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, path);
        const mine: HeldLock = { holders: 0, record, onExit: () => releaseFile(path, mine) };
        held.set(path, mine);
        // A server stopped by SIGINT or SIGTERM exits through process.exit (server/main.ts),
        // which runs this; a process killed outright leaves its lock for the next to take over.
        process.on('exit', mine.onExit);
        return mine;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = readOwner(path);
      if (!found) continue;
      if (found.owner && stillHolds(found.owner)) {
        throw new DataDirLockedError(folder, found.owner.pid, path);
      }
      // A dead holder's lock: removed unless another process took it over meanwhile.
      if (readOwner(path)?.text === found.text) removeQuietly(path);
    }
    throw new Error(`gavel: could not lock ${folder}: ${path} keeps changing.`);
  } finally {
    removeQuietly(draft);
  }
}

function releaseFile(path: string, mine: HeldLock) {
  if (held.get(path) !== mine) return;
  held.delete(path);
  process.off('exit', mine.onExit);
  if (readOwner(path)?.text === mine.record) removeQuietly(path);
}

function removeQuietly(path: string) {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
