/** @jest-environment node */
// Hostile requests through the real route handlers on a real in-memory PGlite: every method of
// every path answers in the envelope (a bare 405 before the hardening), a body that breaks off
// is a 400, and the database going away is reported without the query.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { expectProblem, sendIngest } from '@/testing/server/agreements-requests';
import { hardeningFixture, origin } from './api-hardening-fixture';

const { cookie, rowCounts } = hardeningFixture();

describe('every method of every API path answers in the envelope', () => {
  const paths: [string, string, string[]][] = [
    ['auth/sign-in', '@/app/api/auth/sign-in/route', ['POST']],
    ['auth/sign-out', '@/app/api/auth/sign-out/route', ['POST']],
    ['auth/me', '@/app/api/auth/me/route', ['GET']],
    ['auth/session-ended', '@/app/api/auth/session-ended/route', ['GET']],
    ['agreements', '@/app/api/agreements/route', ['GET']],
    ['agreements/export', '@/app/api/agreements/export/route', ['GET']],
    ['agreements/decisions', '@/app/api/agreements/decisions/route', ['POST']],
    ['agreements/[id]', '@/app/api/agreements/[id]/route', ['GET']],
    ['agreements/[id]/decision', '@/app/api/agreements/[id]/decision/route', ['POST']],
    ['agreements/[id]/reopen', '@/app/api/agreements/[id]/reopen/route', ['POST']],
    ['platform/agreements', '@/app/api/platform/agreements/route', ['POST']],
    ['platform/lots', '@/app/api/platform/lots/route', ['POST']],
    ['sales', '@/app/api/sales/route', ['GET']],
    ['sales/[auctionId]', '@/app/api/sales/[auctionId]/route', ['GET']],
    ['sales/[auctionId]/report', '@/app/api/sales/[auctionId]/report/route', ['GET']],
    ['realtime/config', '@/app/api/realtime/config/route', ['GET']],
    ['realtime/earlier', '@/app/api/realtime/earlier/route', ['GET']],
    ['health', '@/app/api/health/route', ['GET']],
    ['auth/password', '@/app/api/auth/password/route', ['POST']],
    ['auth/reauthenticate', '@/app/api/auth/reauthenticate/route', ['POST']],
    ['auth/sessions', '@/app/api/auth/sessions/route', ['GET']],
    ['auth/sessions/[id]', '@/app/api/auth/sessions/[id]/route', ['DELETE']],
    ['auth/session-status', '@/app/api/auth/session-status/route', ['GET']],
    ['activity', '@/app/api/activity/route', ['GET']],
    ['staff', '@/app/api/staff/route', ['GET', 'POST']],
    ['staff/[loginId]', '@/app/api/staff/[loginId]/route', ['PATCH']],
    ['staff/[loginId]/reset-password', '@/app/api/staff/[loginId]/reset-password/route', ['POST']],
    ['staff/[loginId]/sessions', '@/app/api/staff/[loginId]/sessions/route', ['DELETE']],
    ['flags/[id]/review', '@/app/api/flags/[id]/review/route', ['POST']],
    ['sales/[auctionId]/flags', '@/app/api/sales/[auctionId]/flags/route', ['GET']],
    [
      'sales/[auctionId]/lots/[lotId]/bids',
      '@/app/api/sales/[auctionId]/lots/[lotId]/bids/route',
      ['GET'],
    ],
    ['cron/record', '@/app/api/cron/record/route', ['GET']],
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

  it.each(paths)('/api/%s', async (path, modulePath, implemented) => {
    const route = (await import(modulePath)) as Record<
      string,
      (r: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>
    >;
    // Dynamic segments get a value like any other request's.
    const context = {
      params: Promise.resolve({
        auctionId: 'any-sale',
        lotId: 'any-lot',
        loginId: 'anyone',
        id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      }),
    };
    const allowed = [
      ...(implemented.includes('GET') ? ['GET', 'HEAD'] : []),
      ...['POST', 'PATCH', 'DELETE'].filter((method) => implemented.includes(method)),
      'OPTIONS',
    ].join(', ');
    for (const method of methods) {
      const response = await route[method]!(
        new NextRequest(`${origin}/api/${path}`, { method, headers: { origin } }),
        context,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      if (!allowed.split(', ').includes(method)) {
        expect(response.headers.get('allow')).toBe(allowed);
        await expectProblem(response, 405, 'method_not_allowed');
      }
    }
    const options = await route.OPTIONS!(
      new NextRequest(`${origin}/api/${path}`, { method: 'OPTIONS' }),
      context,
    );
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe(allowed);
  });

  it('a path no route names answers 404 in the envelope, whatever the method', async () => {
    const route = await import('@/app/api/[...path]/route');
    for (const method of [...methods, 'OPTIONS'] as const) {
      const response = await route[method](
        new NextRequest(`${origin}/api/no/such/path`, { method, headers: { origin } }),
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      if (method === 'HEAD') {
        expect(response.status).toBe(404);
        expect(await response.text()).toBe('');
      } else await expectProblem(response, 404, 'not_found');
    }
  });

  it('HEAD answers what GET would, without a body', async () => {
    const { HEAD } = await import('@/app/api/health/route');
    const response = await HEAD(new NextRequest(`${origin}/api/health`, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('a body that breaks off midway (the caller dropped its connection)', () => {
  it('is a 400, not a 500, and nothing is written', async () => {
    const before = await rowCounts();
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError('terminated: other side closed'));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"items":['));
      },
    });
    const request = new NextRequest(`${origin}/api/platform/agreements`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer embedded-platform-token',
        'content-type': 'application/json',
      },
      body,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    await expectProblem(await sendIngest(request), 400, 'bad_request');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the database going away', () => {
  it('is logged and reported without the query or its parameters', async () => {
    const { databaseHandle } = await import('@/lib/server/db/connection');
    const { GET } = await import('@/app/api/auth/me/route');
    const accessTokenId = JSON.parse(Buffer.from(cookie().split('.')[1]!, 'base64url').toString())
      .sid as string;
    const logged: unknown[][] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args) => logged.push(args));
    await (await databaseHandle()).close();
    try {
      const response = await GET(
        new NextRequest(`${origin}/api/auth/me`, {
          headers: { cookie: `__Host-gavel_session=${cookie()}` },
        }),
      );
      await expectProblem(response, 500, 'internal');
      const text = logged
        .flat()
        .map((entry) =>
          entry instanceof Error ? `${entry.message}\n${entry.stack}` : String(entry),
        )
        .join('\n');
      expect(text).toContain('A database query failed');
      expect(text).not.toContain(accessTokenId);
      expect(text).not.toMatch(/params:|select /i);
    } finally {
      spy.mockRestore();
    }
  });
});
