/** @jest-environment node */
// Hostile input through the real route handlers on a real in-memory PGlite: each case here
// answered 500 before the hardening (text the database cannot hold, dates the domain cannot
// have), and must be a clear 400 in the envelope with nothing written.
import '@/testing/server/memory-database-env';
import { NextRequest } from 'next/server';
import { expectProblem, ingestRequest, sendIngest } from '@/testing/server/agreements-requests';
import { hardeningFixture, item, loneSurrogates, origin, rawJson } from './api-hardening-fixture';

const { ingest, decide, rowCounts } = hardeningFixture();

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
    const [agreement] = await ingest([item()]);
    const before = await rowCounts();
    const response = await decide(
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
    const [agreement] = await ingest([item()]);
    const refused = await decide(agreement!.id, {
      decision: 'reject',
      reason: 'Paid by \u202eABC',
      version: 1,
    });
    await expectProblem(refused, 400, 'bad_request');
    const taken = await decide(agreement!.id, {
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
