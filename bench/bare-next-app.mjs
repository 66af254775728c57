// The baseline the benchmarks compare the console with: a bare Next 16 app (one page, one route
// handler) built with the console's own node_modules, and `next start` for it or for the console.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const bareFiles = {
  'package.json': JSON.stringify({ name: 'bare-next', private: true }),
  'next.config.mjs': 'export default { turbopack: { root: import.meta.dirname } };\n',
  'app/layout.js':
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  'app/page.js': 'export default function Page() { return <h1>Bare</h1>; }\n',
  // What GET /api/auth/me is compared with: a route handler doing no work of its own.
  'app/api/ping/route.js': 'export function GET() { return Response.json({ ok: true }); }\n',
};

/** Writes the bare app to a new temporary directory (unbuilt); the caller removes it. */
export function createBareApp() {
  // Outside the repository, so nothing of the console (middleware, instrumentation) is picked up;
  // node_modules hard-linked (Turbopack refuses a symlinked node_modules outside its root).
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bare-next-'));
  for (const [path, text] of Object.entries(bareFiles)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const copy = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  if (copy.status !== 0) throw new Error(`could not link node_modules: ${copy.stderr}`);
  return dir;
}

/** `next build` in `dir`; the seconds it took. */
export function timedBuild(dir) {
  const started = performance.now();
  const build = spawnSync(join(dir, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0)
    throw new Error(`next build failed in ${dir}:\n${build.stdout}\n${build.stderr}`);
  return (performance.now() - started) / 1000;
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer`);
}

/** `next start` of the built app in `dir` on `port`, once `readyPath` answers; `stop()` ends it. */
export async function startNext(dir, { port, readyPath = '/', env = process.env }) {
  const server = spawn(
    join(dir, 'node_modules', '.bin', 'next'),
    ['start', '--port', String(port)],
    {
      cwd: dir,
      stdio: 'ignore',
      env,
    },
  );
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await sleep(300);
  };
  try {
    await waitFor(baseUrl + readyPath);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
