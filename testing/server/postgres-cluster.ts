// A PostgreSQL server of a test's own, to stop and start in the middle of it (the database outage
// test): a throwaway cluster on a free loopback port, as scripts/test-postgres.sh makes one.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedPort } from '@/testing/http-test-server';

export interface TestCluster {
  url: string;
  stop: () => void;
  start: () => void;
  remove: () => void;
}

/** Starts a cluster with one database; PostgreSQL will not run as root, so root runs it as `postgres`. */
export async function startTestCluster(): Promise<TestCluster> {
  const bin = execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8' }).trim();
  const root = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const folder = mkdtempSync(join(tmpdir(), 'gavel-outage-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const port = await closedPort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
  const settings = [
    `listen_addresses = '127.0.0.1'`,
    `port = ${port}`,
    `unix_socket_directories = '${folder}'`,
    'fsync = off',
    'synchronous_commit = off',
  ];
  writeFileSync(join(data, 'postgresql.auto.conf'), `${settings.join('\n')}\n`);
  if (root) execFileSync('chown', ['postgres:', join(data, 'postgresql.auto.conf')]);
  const start = () => run('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  execFileSync(join(bin, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'gavel',
  ]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/gavel`,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
