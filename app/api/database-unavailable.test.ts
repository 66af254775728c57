/** @jest-environment node */
// A database outage (contract §15): with PostgreSQL unreachable (a real `pg` pool connecting to a
// port nothing listens on), every API route that needs the database answers 503 `unavailable`
// with Retry-After, never 500 `internal`; the health check says the database is down.
import { NextRequest } from 'next/server';
import { closedPort } from '@/testing/http-test-server';

jest.setTimeout(60_000);
process.env.SESSION_SECRET = 'u'.repeat(48);
delete process.env.VERCEL;
delete process.env.PLATFORM_TOKEN;
delete process.env.APP_ENV;

const origin = 'http://localhost:3000';
const cookie =
  '__Host-gavel_session=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

beforeAll(async () => {
  process.env.DATABASE_URL = `postgres://gavel:gavel@127.0.0.1:${await closedPort()}/gavel`;
});

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  expect(body.error.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|select|password/i);
}

describe('with the database unreachable', () => {
  it('GET /api/auth/me with a session cookie: 503 unavailable, not 500', async () => {
    const { GET } = await import('@/app/api/auth/me/route');
    await expectUnavailable(
      await GET(new NextRequest(`${origin}/api/auth/me`, { headers: { cookie } })),
    );
  });

  it('POST /api/auth/sign-in: 503 unavailable', async () => {
    const { POST } = await import('@/app/api/auth/sign-in/route');
    const request = new NextRequest(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'demo', password: 'demo-password' }),
    });
    await expectUnavailable(await POST(request));
  });

  it('GET /api/agreements and GET /api/sales: 503 unavailable', async () => {
    const agreements = await import('@/app/api/agreements/route');
    const sales = await import('@/app/api/sales/route');
    await expectUnavailable(
      await agreements.GET(new NextRequest(`${origin}/api/agreements`, { headers: { cookie } })),
    );
    await expectUnavailable(
      await sales.GET(new NextRequest(`${origin}/api/sales`, { headers: { cookie } })),
    );
  });

  it('GET /api/health says the database is down (503)', async () => {
    const { GET } = await import('@/app/api/health/route');
    const response = await GET(new NextRequest(`${origin}/api/health`));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'degraded', db: 'down' });
  });
});
