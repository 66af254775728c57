// Sign-in latency, GET /api/auth/me throughput under autocannon, and the edge check's cost,
// against a production build with an embedded PGlite database in a temporary DATA_DIR.
import autocannon from 'autocannon';
import { jwtVerify, SignJWT } from 'jose';
import { percentile, startConsole } from './console-server.mjs';

const port = 3320;
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

function loadMe(cookie, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${baseUrl}/api/auth/me`, connections: 10, duration: seconds, headers: { cookie } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
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

export async function measureAuth({ loadSeconds = 10 } = {}) {
  const server = await startConsole({ port, env: { SESSION_SECRET: 'b'.repeat(48) } });
  try {
    const signIn = await signInLatency(30);
    const me = await loadMe(signIn.cookie, loadSeconds);
    return {
      signIn: { rounds: 30, medianMs: signIn.medianMs, p99Ms: signIn.p99Ms },
      me: {
        connections: 10,
        seconds: loadSeconds,
        requestsPerSecond: Math.round(me.requests.average),
        p50Ms: me.latency.p50,
        p99Ms: me.latency.p99,
        non2xx: me.non2xx,
        errors: me.errors,
      },
      edgeCheckMicroseconds: await edgeCheckMicroseconds(5000),
    };
  } finally {
    await server.stop();
  }
}
