/** @jest-environment node */
// Hostile requests through the real route handlers on a real in-memory PGlite: each case here
// answered 500 (or a bare 405) before the hardening, and must be a clear 4xx in the envelope with
// nothing written.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import {
  agreementsApi,
  expectProblem,
  ingestItemFactory,
  ingestRequest,
  sendIngest,
  staffPassword,
} from '@/testing/server/agreements-requests';
import type { Database } from '@/lib/server/db/database';

const origin = 'http://localhost:3000';
const loneSurrogates = ['x\udc00\udc00', '\ud800', 'a\udbffb', 'nul\u0000here'];

let db: Database;
let cookie: string;
const api = agreementsApi(() => cookie);
const item = ingestItemFactory('hardening-');

beforeAll(async () => {
  const { database } = await import('@/lib/server/db/connection');
  const { createAccount } = await import('@/lib/server/auth/accounts');
  db = await database();
  await createAccount(db, {
    loginId: 'hilda',
    displayName: 'Hilda',
    password: staffPassword,
    role: 'clerk',
  });
  cookie = await api.signIn('hilda');
});

afterAll(async () => {
  const { databaseHandle } = await import('@/lib/server/db/connection');
  // The last test closes it on purpose.
  await (await databaseHandle()).close().catch(() => undefined);
});

async function rowCounts() {
  const { agreementDecisions, agreements, sessions, signInFailures } =
    await import('@/lib/server/db/schema');
  return {
    agreements: await db.$count(agreements),
    decisions: await db.$count(agreementDecisions),
    failures: await db.$count(signInFailures),
    sessions: await db.$count(sessions),
  };
}

/** A body as raw JSON text, so a lone surrogate travels as the escape a hostile client sends. */
const rawJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\ud800-\udfff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );

describe('text the database cannot hold is a 400 before any database work', () => {
  it.each(loneSurrogates)('sign-in with loginId %j', async (loginId) => {
    const { POST } = await import('@/app/api/auth/sign-in/route');
    const before = await rowCounts();
    const response = await POST(
      new NextRequest(`${origin}/api/auth/sign-in`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: rawJson({ loginId, password: 'x' }),
      }),
    );
    await expectProblem(response, 400, 'bad_request');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(loneSurrogates)('ingest with a lot title %j', async (lotTitle) => {
    const before = await rowCounts();
    const response = await sendIngest(ingestRequest(rawJson({ items: [item({ lotTitle })] })));
    await expectProblem(response, 400, 'bad_request');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(loneSurrogates)('a rejection with the reason %j', async (reason) => {
    const [agreement] = await api.ingest([item()]);
    const before = await rowCounts();
    const response = await api.decide(
      agreement!.id,
      rawJson({ decision: 'reject', reason: `${reason} is why`, version: 1 }),
    );
    await expectProblem(response, 400, 'bad_request');
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['a right-to-left override in the buyer', { buyer: 'Paddle \u202e1234' }],
    ['a C1 control in the lot title', { lotTitle: 'Rolex\u0085Daytona' }],
    ['an isolate in the lot id', { lotId: 'lot-\u20671' }],
  ])('ingest with %s is a 400 (it reads as another text)', async (_name, patch) => {
    const before = await rowCounts();
    const response = await sendIngest(ingestRequest({ items: [item(patch)] }));
    await expectProblem(response, 400, 'bad_request');
    expect(await rowCounts()).toEqual(before);
  });

  it('a reason keeps its lines, but not a right-to-left override', async () => {
    const [agreement] = await api.ingest([item()]);
    const refused = await api.decide(agreement!.id, {
      decision: 'reject',
      reason: 'Paid by \u202eABC',
      version: 1,
    });
    await expectProblem(refused, 400, 'bad_request');
    const taken = await api.decide(agreement!.id, {
      decision: 'reject',
      reason: 'Buyer withdrew.\nCalled twice.',
      version: 1,
    });
    expect(taken.status).toBe(200);
  });

  it('a lone surrogate in a key', async () => {
    const response = await sendIngest(ingestRequest('{"items":[],"\\udc00":1}'));
    await expectProblem(response, 400, 'bad_request');
  });

  it('a deeply nested body is a 400, not a stack overflow', async () => {
    const deep = `{"items":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    await expectProblem(await sendIngest(ingestRequest(deep)), 400, 'bad_request');
  });
});

describe('dates the domain cannot have', () => {
  it.each([
    // Year 9999 with a negative offset is year 10000 in UTC.
    '9999-12-31T23:59:59-23:59',
    '9999-12-31T23:59:59Z',
    '1969-12-31T23:59:59Z',
    new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
  ])('closedAt %s is a 400 and nothing is written', async (closedAt) => {
    const before = await rowCounts();
    await expectProblem(
      await sendIngest(ingestRequest({ items: [item({ closedAt })] })),
      400,
      'bad_request',
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('a close a few hours ahead of this clock (another clock running fast) is taken', async () => {
    const closedAt = new Date(Date.now() + 3 * 3600 * 1000).toISOString();
    expect((await sendIngest(ingestRequest({ items: [item({ closedAt })] }))).status).toBe(200);
  });
});

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
    const accessTokenId = JSON.parse(Buffer.from(cookie.split('.')[1]!, 'base64url').toString())
      .sid as string;
    const logged: unknown[][] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation((...args) => logged.push(args));
    await (await databaseHandle()).close();
    try {
      const response = await GET(
        new NextRequest(`${origin}/api/auth/me`, {
          headers: { cookie: `__Host-gavel_session=${cookie}` },
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
