// First Load JS (gzip) of the console's routes against a bare Next 16 app built in the same run.
// Next 16 prints no size column: sum the gzip size of the <script> chunks each route's HTML loads.
// What an `import()` loads later is read from Turbopack's async loaders in those chunks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createBareApp, startNext, timedBuild } from './bare-next-app.mjs';

const root = join(import.meta.dirname, '..');
const kb = (bytes) => +(bytes / 1024).toFixed(1);

// Phone goals of issue 12, in kB gzip over the bare app's first load.
const goals = { signOverBareKb: 25, dashOverBareKb: 30 };

/** The chunk paths (`/_next/static/chunks/….js`) a route's HTML makes the browser load. */
function scriptSources(html) {
  return [
    ...new Set(
      [...html.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)]
        // noModule polyfills are never downloaded by the browsers the console supports.
        .filter((match) => !/nomodule/i.test(match[1] + match[3]))
        .map((match) => match[2]),
    ),
  ];
}

async function fetchChunks(baseUrl, sources) {
  const chunks = new Map();
  for (const source of sources)
    chunks.set(source, Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer()));
  return chunks;
}

function sizes(chunks) {
  const bodies = [...chunks.values()];
  return {
    scripts: bodies.length,
    rawKb: kb(bodies.reduce((sum, body) => sum + body.length, 0)),
    gzipKb: kb(bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)),
  };
}

/**
 * The chunk lists of the `import()`s the first load can start: Turbopack compiles each into a
 * loader, `Promise.all(["static/chunks/a.js", …].map(t => e.l(t)))`, inside a loaded chunk.
 */
function asyncImports(chunks) {
  const lists = new Set();
  for (const body of chunks.values())
    for (const match of body
      .toString('utf8')
      .matchAll(/Promise\.all\(\[((?:"[^"]+\.js",?)+)\]\.map/g))
      lists.add(match[1]);
  return [...lists].map((list) => JSON.parse(`[${list}]`).map((path) => `/_next/${path}`));
}

/**
 * The chunks the `import()` whose code holds `marker` fetches beyond the first load, and their
 * size; null when no such import is reachable from the first load.
 */
async function lazyImport(baseUrl, firstLoad, marker) {
  for (const list of asyncImports(firstLoad)) {
    const later = list.filter((source) => !firstLoad.has(source));
    const chunks = await fetchChunks(baseUrl, later);
    if (![...chunks.values()].some((body) => body.includes(marker))) continue;
    return { ...sizes(chunks), alreadyInFirstLoad: list.length - later.length };
  }
  return null;
}

async function measureRoute(baseUrl, path, headers) {
  const response = await fetch(baseUrl + path, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const html = await response.text();
  const sources = scriptSources(html);
  // Reported beside the figures, not in them: chunks only the flight data names (an error.tsx's
  // client component), which React's flight client fetches during hydration.
  const inScriptTags = html.match(/<script[^>]+src="[^"]+"/g).join(' ');
  const flightOnly = new Set(
    [...html.matchAll(/\/_next\/static\/chunks\/[\w.-]+\.js/g)]
      .map((match) => match[0])
      .filter((source) => !inScriptTags.includes(source)),
  );
  const firstLoad = await fetchChunks(baseUrl, sources);
  const { scripts, gzipKb } = sizes(await fetchChunks(baseUrl, flightOnly));
  return { path, ...sizes(firstLoad), flightDataOnly: { scripts, gzipKb }, firstLoad };
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

async function measureBare(dir) {
  const server = await startNext(dir, { port: 3301 });
  try {
    const { firstLoad: _, ...route } = await measureRoute(server.baseUrl, '/', {});
    return route;
  } finally {
    await server.stop();
  }
}

async function measureConsole() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gavel-bench-data-'));
  const server = await startNext(root, {
    port: 3300,
    readyPath: '/sign',
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'f'.repeat(48), SIMULATOR: 'off' },
  });
  try {
    const headers = { cookie: await demoSessionCookie(server.baseUrl) };
    const routes = [];
    for (const path of ['/sign', '/dash', '/agreements'])
      routes.push(await measureRoute(server.baseUrl, path, headers));
    const dash = routes.find((route) => route.path === '/dash');
    const lazy = {
      // The live dashboard (PubNub's SDK, store, feed, board): the `import()` LiveDashboardPreload
      // starts on /dash (app/dash/live-dashboard-loader.tsx).
      dashLive: await lazyImport(server.baseUrl, dash.firstLoad, 'PNConnectedCategory'),
      // Sentry's browser SDK: loaded when the first error is reported.
      sentry: await lazyImport(server.baseUrl, dash.firstLoad, 'sentry_key'),
    };
    return { routes: routes.map(({ firstLoad: _, ...route }) => route), lazy };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `consoleBuild`: 'cold' removes the console's `.next` (and Turbopack's cache in it) first;
 * 'incremental' builds over it, for a tree where others use that build; 'none' serves it as is.
 */
export async function measureFirstLoad({ consoleBuild = 'cold' } = {}) {
  const bare = createBareApp();
  try {
    const bareBuildSeconds = timedBuild(bare);
    if (consoleBuild === 'cold') rmSync(join(root, '.next'), { recursive: true, force: true });
    const consoleBuildSeconds = consoleBuild === 'none' ? null : timedBuild(root);
    const bareRoute = await measureBare(bare);
    const { routes, lazy } = await measureConsole();
    const overBare = (route) => +(route.gzipKb - bareRoute.gzipKb).toFixed(1);
    const at = (path) => routes.find((route) => route.path === path);
    return {
      buildSeconds: {
        bare: +bareBuildSeconds.toFixed(1),
        console: consoleBuildSeconds && +consoleBuildSeconds.toFixed(1),
        consoleBuild,
      },
      bare: bareRoute,
      console: routes.map((route) => ({ ...route, overBareGzipKb: overBare(route) })),
      lazy,
      phoneGoals: {
        signOverBareGzipKb: { measured: overBare(at('/sign')), goal: goals.signOverBareKb },
        dashOverBareGzipKb: { measured: overBare(at('/dash')), goal: goals.dashOverBareKb },
        dashLiveGzipKb: { measured: lazy.dashLive?.gzipKb ?? null },
      },
    };
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
}

// `node bench/first-load.mjs`: this part of `npm run bench` alone.
if (import.meta.main) console.info(JSON.stringify(await measureFirstLoad(), null, 2));
