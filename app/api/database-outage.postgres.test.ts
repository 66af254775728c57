/** @jest-environment node */
// A database outage on a real PostgreSQL server (contract §15): a server of this test's own is
// stopped while the console's pool holds connections to it; every API route then answers 503
// `unavailable` with Retry-After in the envelope (never 500), and once the server is started
// again the same session works without restarting anything.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NextRequest } from 'next/server';
import { startTestCluster, type TestCluster } from '@/testing/server/postgres-cluster';
import { staffSession } from '@/testing/server/staff-fixture';

jest.setTimeout(180_000);

const origin = 'http://localhost:3000';
const platformToken = 'outage-platform-token-0123456789';
const cronSecret = 'outage-cron-secret-0123456789';
let cluster: TestCluster;
let cookie: string;

type Handler = (request: NextRequest, context: unknown) => Promise<Response>;

/** Every route file under app/api, with the path it serves. */
function routeFiles(folder = join(process.cwd(), 'app/api')): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(folder, entry.name))
      : entry.name === 'route.ts'
        ? [join(folder, entry.name)]
        : [],
  );
}

const urlPath = (file: string) =>
  `/${relative(join(process.cwd(), 'app'), file)}`
    .replace(/\/route\.ts$/, '')
    .replace(/\[\.\.\.\w+\]/g, 'x/y')
    .replace(/\[\w+\]/g, 'x');

const params = { id: 'x', auctionId: 'x', lotId: 'x', loginId: 'x', path: ['x', 'y'] };

function requestFor(path: string, method: string): NextRequest {
  const bearer = path.startsWith('/api/cron') ? cronSecret : platformToken;
  return new NextRequest(`${origin}${path}`, {
    method,
    headers: {
      origin,
      cookie: `__Host-gavel_session=${cookie}`,
      authorization: `Bearer ${bearer}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { body: '{}' }),
  });
}

/** Routes that answer without the envelope's 503 by design, and why. */
const byDesign: Record<string, (response: Response) => Promise<void>> = {
  // The health check's own shape: load balancers read `db`.
  '/api/health': async (response) => {
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', db: 'down' });
  },
  // A page's way out of a session it cannot check: to /sign, which needs no database.
  '/api/auth/session-ended': async (response) => {
    expect(response.status).toBe(303);
  },
  // No route: 404 without asking the database.
  '/api/x/y': async (response) => {
    expect(response.status).toBe(404);
  },
};

beforeAll(async () => {
  // Each refused call logs the outage once: expected here, and hundreds of lines.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  cluster = await startTestCluster();
  process.env.DATABASE_URL = cluster.url;
  process.env.SESSION_SECRET = 'o'.repeat(48);
  process.env.PLATFORM_TOKEN = platformToken;
  process.env.CRON_SECRET = cronSecret;
  delete process.env.VERCEL;
  delete process.env.APP_ENV;
  const { database } = await import('@/lib/server/db/connection');
  cookie = await staffSession(await database(), {
    loginId: 'outage-admin',
    displayName: 'Outage Admin',
    role: 'admin',
  });
});

afterAll(async () => {
  const { databaseHandle } = await import('@/lib/server/db/connection');
  await (await databaseHandle()).close().catch(() => undefined);
  cluster?.remove();
});

async function me(): Promise<Response> {
  const { GET } = await import('@/app/api/auth/me/route');
  return GET(requestFor('/api/auth/me', 'GET'));
}

it('answers 503 unavailable from every route while PostgreSQL is stopped, and recovers', async () => {
  expect((await me()).status).toBe(200);
  cluster.stop();

  const files = routeFiles();
  expect(files.length).toBeGreaterThan(25);
  for (const file of files) {
    const path = urlPath(file);
    const route = (await import(file)) as Record<string, Handler>;
    let unavailable = 0;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await route[method]!(requestFor(path, method), {
        params: Promise.resolve(params),
      });
      if (response.status === 405) continue;
      const check = byDesign[path];
      if (check) {
        await check(response);
        continue;
      }
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 503 });
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        error: { code: 'unavailable', message: expect.any(String) },
      });
      unavailable += 1;
    }
    // Every route serves at least one method, and that one met the outage.
    if (!byDesign[path])
      expect({ path, unavailable: unavailable > 0 }).toEqual({ path, unavailable: true });
  }

  cluster.start();
  // The pool opens new connections on its own: the same session is accepted again.
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
    status = (await me()).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(status).toBe(200);
});
