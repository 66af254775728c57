// A PostgreSQL server of the benchmark's own on 127.0.0.1, removed when it stops: the cluster
// `scripts/test-postgres.sh` makes, but with the server's default durability (fsync and
// synchronous commits on), since the benchmarks time commits. PostgreSQL refuses to run as root:
// root runs it as the package's `postgres` user.
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

export function startThrowawayPostgres({ port, database = 'gavel_bench' }) {
  const bin = execFileSync('bash', ['scripts/ensure-postgres.sh'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const asRoot = process.getuid?.() === 0;
  const run = (command, args) => {
    const [file, ...rest] = asRoot
      ? ['runuser', '-u', 'postgres', '--', join(bin, command), ...args]
      : [join(bin, command), ...args];
    return execFileSync(file, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };

  const cluster = mkdtempSync(join(tmpdir(), 'gavel-bench-postgres-'));
  if (asRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(cluster, id('-u'), id('-g'));
  }
  const data = join(cluster, 'data');
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Already gone: nothing left to stop.
      }
    }
    rmSync(cluster, { recursive: true, force: true });
  };
  // A benchmark that throws or is interrupted still leaves no server behind.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ]);
    appendFileSync(
      join(data, 'postgresql.conf'),
      `listen_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${cluster}'\n`,
    );
    run('pg_ctl', ['-D', data, '-l', join(cluster, 'server.log'), '-w', 'start']);
    running = true;
    const address = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];
    execFileSync(join(bin, 'createdb'), [...address, database]);
  } catch (error) {
    stop();
    throw new Error(
      `the benchmark's PostgreSQL did not start on 127.0.0.1:${port}: ${error.stderr ?? error.message}`,
    );
  }
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stop();
      process.removeListener('exit', stop);
    },
  };
}
