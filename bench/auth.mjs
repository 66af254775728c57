// Sign-in latency, GET /api/auth/me and GET /api/auth/session-status throughput under autocannon, and the edge check's cost,
// against a production build with an embedded PGlite database in a temporary DATA_DIR. The
// throughput is set beside a bare Next 16 route handler's, loaded the same way in the same run.
import autocannon from 'autocannon';
import { jwtVerify, SignJWT } from 'jose';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createBareApp, startNext, timedBuild } from './bare-next-app.mjs';
import { percentile, startConsole } from './console-server.mjs';

const port = 3320;
const barePort = 3322;
// Phone goal of issue 12: /api/auth/me at no less than this share of a bare handler's req/s.
const meOverBareGoal = 0.5;
const baseUrl = `http://localhost:${port}`;
const headers = { origin: baseUrl, 'content-type': 'application/json' };

async function signInLatency(rounds) {
  const timings = [];
  let cookie = '';
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ loginId: 'demo', password: 'demo-password' }),
    });
    timings.push(performance.now() - started);
    if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
    cookie = response.headers.get('set-cookie').split(';')[0];
  }
  timings.sort((a, b) => a - b);
  return {
    cookie,
    medianMs: +percentile(timings, 50).toFixed(1),
    p99Ms: +percentile(timings, 99).toFixed(1),
  };
}

/** autocannon with the settings every throughput figure here shares: 10 connections. */
function load(url, { seconds, headers = {} }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function throughput(result, seconds) {
  return {
    connections: 10,
    seconds,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A built bare Next 16 app serving GET /api/ping; `stop()` ends it and removes the app. */
async function startBareApp() {
  const dir = createBareApp();
  try {
    timedBuild(dir);
    const server = await startNext(dir, { port: barePort, readyPath: '/api/ping' });
    return {
      url: `${server.baseUrl}/api/ping`,
      stop: async () => {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** What the middleware does per request to /sign or /dash: one HS256 verification. */
async function edgeCheckMicroseconds(iterations) {
  const key = new TextEncoder().encode('x'.repeat(48));
  const token = await new SignJWT({ sid: crypto.randomUUID(), sec: 'y'.repeat(43) })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('12h')
    .sign(key);
  for (let i = 0; i < 500; i += 1) await jwtVerify(token, key);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) await jwtVerify(token, key);
  return +(((performance.now() - started) * 1000) / iterations).toFixed(1);
}

const loadAverage = () => loadavg().map((value) => +value.toFixed(2));

/**
 * GET /api/auth/me signed in, the same request signed out (the console's stack without the session
 * lookup: it answers 401 before any query) and the bare handler, warmed alike, then back to back.
 */
async function compareWithBare(cookie, bareUrl, { seconds, warmUpSeconds }) {
  const runs = {
    me: { url: `${baseUrl}/api/auth/me`, headers: { cookie } },
    // What every signed-in tab asks every 3 s (contract §15): one lookup, no write.
    sessionStatus: { url: `${baseUrl}/api/auth/session-status`, headers: { cookie } },
    meSignedOut: { url: `${baseUrl}/api/auth/me` },
    bareHandler: { url: bareUrl },
  };
  for (const run of Object.values(runs)) await load(run.url, { ...run, seconds: warmUpSeconds });
  const figures = { loadAverageBefore: loadAverage() };
  for (const [name, run] of Object.entries(runs))
    figures[name] = throughput(await load(run.url, { ...run, seconds }), seconds);
  figures.loadAverageAfter = loadAverage();
  return figures;
}

export async function measureAuth({ loadSeconds = 10, warmUpSeconds = 2 } = {}) {
  // Built before the console starts, so the build's CPU is not under the console's figures.
  const bare = await startBareApp();
  try {
    const server = await startConsole({ port, env: { SESSION_SECRET: 'b'.repeat(48) } });
    try {
      const signIn = await signInLatency(30);
      const { me, sessionStatus, meSignedOut, bareHandler, ...averages } = await compareWithBare(
        signIn.cookie,
        bare.url,
        { seconds: loadSeconds, warmUpSeconds },
      );
      return {
        signIn: { rounds: 30, medianMs: signIn.medianMs, p99Ms: signIn.p99Ms },
        me,
        sessionStatus,
        // Open tabs one console instance can watch at 1 request per 3 s each, at half its rate.
        tabsWatchedAtHalfCapacity: Math.round((sessionStatus.requestsPerSecond / 2) * 3),
        meSignedOut,
        bareHandler,
        meOverBare: {
          measured: +(me.requestsPerSecond / bareHandler.requestsPerSecond).toFixed(2),
          goal: meOverBareGoal,
        },
        loadAverage: { before: averages.loadAverageBefore, after: averages.loadAverageAfter },
        edgeCheckMicroseconds: await edgeCheckMicroseconds(5000),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await bare.stop();
  }
}

// `node bench/auth.mjs`: this part of `npm run bench` alone (it needs a console build).
if (import.meta.main) console.info(JSON.stringify(await measureAuth(), null, 2));
