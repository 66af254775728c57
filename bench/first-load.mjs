// First Load JS (gzip) of the console's routes against a bare Next 16 app built in the same run.
// Next 16 prints no size column: sum the gzip size of the <script> chunks each route's HTML loads.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');

function timedBuild(dir) {
  const started = performance.now();
  const build = spawnSync('next', ['build'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0)
    throw new Error(`next build failed in ${dir}:\n${build.stdout}\n${build.stderr}`);
  return (performance.now() - started) / 1000;
}

function createBareApp() {
  // Inside the repository so it resolves `next` from our node_modules (Turbopack refuses a
  // symlinked node_modules outside its root).
  const dir = join(root, 'bench', '.bare-next');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bare-next', private: true }));
  writeFileSync(
    join(dir, 'next.config.mjs'),
    `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  writeFileSync(
    join(dir, 'app', 'layout.js'),
    'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
  );
  writeFileSync(
    join(dir, 'app', 'page.js'),
    'export default function Page() { return <h1>Bare</h1>; }\n',
  );
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

async function firstLoadGzip(baseUrl, path) {
  const html = await (await fetch(baseUrl + path)).text();
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

async function measureServed(dir, port, paths) {
  const server = spawn('next', ['start', '--port', String(port)], { cwd: dir, stdio: 'ignore' });
  try {
    const baseUrl = `http://localhost:${port}`;
    await waitFor(baseUrl + paths[0]);
    const results = [];
    for (const path of paths) results.push(await firstLoadGzip(baseUrl, path));
    return results;
  } finally {
    server.kill('SIGTERM');
  }
}

/** The lazily loaded error-reporting chunk: what Sentry costs, paid only after a first error. */
function sentryChunkGzipKb() {
  const chunks = join(root, '.next', 'static', 'chunks');
  const file = readdirSync(chunks).find(
    (name) =>
      name.endsWith('.js') && readFileSync(join(chunks, name), 'utf8').includes('sentry_key'),
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
    const consoleRoutes = await measureServed(root, 3300, ['/sign', '/dash', '/agreements']);
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
      sentryLazyChunkGzipKb: sentryChunkGzipKb(),
    };
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
}
