// First Load JS (gzip) of the console's routes against a bare Next 16 app built in the same run.
// Next 16 prints no size column: sum the gzip size of the <script> chunks each route's HTML loads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');

function timedBuild(dir) {
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

function createBareApp() {
  // Outside the repository, so nothing of the console (middleware, instrumentation) is picked up;
  // node_modules hard-linked (Turbopack refuses a symlinked node_modules outside its root).
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bare-next-'));
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bare-next', private: true }));
  writeFileSync(
    join(dir, 'next.config.mjs'),
    'export default { turbopack: { root: import.meta.dirname } };\n',
  );
  writeFileSync(
    join(dir, 'app', 'layout.js'),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    join(dir, 'app', 'page.js'),
    'export default function Page() { return <h1>Bare</h1>; }\n',
  );
  const copy = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
  if (copy.status !== 0) throw new Error(`could not link node_modules: ${copy.stderr}`);
  return dir;
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

async function firstLoadGzip(baseUrl, path, headers = {}) {
  const response = await fetch(baseUrl + path, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const html = await response.text();
  const sources = [
    ...new Set(
      [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)]
        // noModule polyfills are never downloaded by the browsers the console supports.
        .filter((match) => !/nomodule/i.test(match[1] + match[3]))
        .map((match) => match[2]),
    ),
  ];
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return {
    path,
    scripts: sources.length,
    rawKb: +(raw / 1024).toFixed(1),
    gzipKb: +(gzip / 1024).toFixed(1),
  };
}

/** Signs the demo account in; the session cookie, so guarded routes can be measured. */
async function demoSessionCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: 'demo', password: 'demo-password' }),
  });
  if (!response.ok) throw new Error(`sign-in for the bench answered ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

async function measureServed(dir, port, paths, { env = process.env, signIn = false } = {}) {
  const server = spawn(
    join(dir, 'node_modules', '.bin', 'next'),
    ['start', '--port', String(port)],
    {
      cwd: dir,
      stdio: 'ignore',
      env,
    },
  );
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitFor(`${baseUrl}${paths[0]}`);
    const headers = signIn ? { cookie: await demoSessionCookie(baseUrl) } : {};
    const results = [];
    for (const path of paths) results.push(await firstLoadGzip(baseUrl, path, headers));
    return results;
  } finally {
    server.kill('SIGTERM');
  }
}

/** Gzip size of the lazily loaded chunk that contains `marker` (loaded after first paint). */
function lazyChunkGzipKb(marker) {
  const chunks = join(root, '.next', 'static', 'chunks');
  const file = readdirSync(chunks).find(
    (name) => name.endsWith('.js') && readFileSync(join(chunks, name), 'utf8').includes(marker),
  );
  if (!file) return null;
  return +(gzipSync(readFileSync(join(chunks, file)), { level: 9 }).length / 1024).toFixed(1);
}

export async function measureFirstLoad() {
  const bare = createBareApp();
  try {
    const bareBuildSeconds = timedBuild(bare);
    // A cold build of the console too: its previous .next (and Turbopack's cache) goes first.
    rmSync(join(root, '.next'), { recursive: true, force: true });
    const consoleBuildSeconds = timedBuild(root);
    const [bareRoute] = await measureServed(bare, 3301, ['/']);
    const dataDir = mkdtempSync(join(tmpdir(), 'gavel-bench-data-'));
    const consoleRoutes = await measureServed(root, 3300, ['/sign', '/dash', '/agreements'], {
      env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'f'.repeat(48), SIMULATOR: 'off' },
      signIn: true,
    }).finally(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      buildSeconds: {
        bare: +bareBuildSeconds.toFixed(1),
        console: +consoleBuildSeconds.toFixed(1),
      },
      bare: bareRoute,
      console: consoleRoutes.map((route) => ({
        ...route,
        overBareGzipKb: +(route.gzipKb - bareRoute.gzipKb).toFixed(1),
      })),
      // Sentry's SDK: loaded when the first error is reported.
      sentryLazyChunkGzipKb: lazyChunkGzipKb('sentry_key'),
      // PubNub's SDK: loaded by /dash after the access check allows.
      pubnubLazyChunkGzipKb: lazyChunkGzipKb('PNConnectedCategory'),
    };
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
}
