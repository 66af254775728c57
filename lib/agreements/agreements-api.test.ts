/** @jest-environment node */
// agreements-api.ts calls the module's shared `apiRequest`, which has no client to inject: its
// relative `/api/...` paths are sent to a real local server by a global fetch that prefixes the
// server's origin, as api-client.test.ts does with `createApiClient({ fetch })`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  closedPort,
  failure,
  readBody,
  sendJson,
  startTestServer,
} from '@/testing/http-test-server';
import { ApiError } from '@/lib/api/api-error';
import { fetchAgreementHistory, fetchAgreementPage, sendDecision } from './agreements-api';
import { defaultListParams } from './list-params';
import { agreementFixture } from './testing/agreement-fixture';

interface SeenRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: string;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

let server: Awaited<ReturnType<typeof startTestServer>>;
let seen: SeenRequest[] = [];
let answer: Answer;

const realFetch = globalThis.fetch;

const json =
  (status: number, body: unknown): Answer =>
  (_req, res) =>
    sendJson(res, status, body);

const htmlPage =
  (status: number): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body>Proxy error</body></html>');
  };

beforeAll(async () => {
  server = await startTestServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      contentType: req.headers['content-type'] ?? null,
      body,
    });
    answer(req, res);
  });
});

afterAll(() => server.close());

/** Where the browser's fetch of a relative path goes; a test may point it elsewhere. */
let fetchOrigin: () => string;

beforeEach(() => {
  seen = [];
  answer = json(500, { error: { code: 'internal', message: 'no answer set' } });
  fetchOrigin = () => server.origin;
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation((input, init) => realFetch(`${fetchOrigin()}${String(input)}`, init));
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** The one request the server saw. */
function onlyRequest(): SeenRequest {
  expect(seen).toHaveLength(1);
  const [request] = seen;
  if (!request) throw new Error('the server saw no request');
  return request;
}

// The request bodies below carry this version.
const pending = agreementFixture({ version: 3 });
const approvedByUs = agreementFixture({
  status: 'approved',
  version: 4,
  decidedAt: '2026-03-02T09:30:00.000Z',
  decidedBy: 'alice',
  decidedByName: 'Alice Staff',
});
const rejectedByBob = agreementFixture({
  status: 'rejected',
  version: 4,
  decidedAt: '2026-03-02T09:29:00.000Z',
  decidedBy: 'bob',
  decidedByName: 'Bob Staff',
  reason: 'Bob was first',
});
const conflictEnvelope = {
  error: {
    code: 'conflict',
    message: 'This agreement was decided or changed since you loaded it.',
  },
};

describe('sendDecision: the request', () => {
  it.each([
    ['approve', null, { decision: 'approve', version: 3 }],
    ['approve', '', { decision: 'approve', version: 3 }],
    ['approve', 'Invoice checked', { decision: 'approve', version: 3, reason: 'Invoice checked' }],
    ['reject', 'Buyer withdrew', { decision: 'reject', version: 3, reason: 'Buyer withdrew' }],
  ] as const)('%s with reason %j POSTs %o', async (decision, reason, body) => {
    answer = json(200, approvedByUs);
    await sendDecision(pending, decision, reason);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `/api/agreements/${pending.id}/decision`,
      contentType: 'application/json',
    });
    expect(JSON.parse(onlyRequest().body)).toStrictEqual(body);
  });

  it('sends the version it was given, not a later one', async () => {
    answer = json(200, approvedByUs);
    await sendDecision(agreementFixture({ version: 17 }), 'approve', null);
    expect(JSON.parse(onlyRequest().body)).toStrictEqual({ decision: 'approve', version: 17 });
  });

  it('encodes the id in the path', async () => {
    answer = json(200, approvedByUs);
    await sendDecision(agreementFixture({ id: 'a/b?c#d' }), 'approve', null);
    expect(onlyRequest().url).toBe('/api/agreements/a%2Fb%3Fc%23d/decision');
  });
});

describe('sendDecision: the outcome', () => {
  it('200 → decided with the agreement the server answered', async () => {
    answer = json(200, approvedByUs);
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'decided',
      agreement: approvedByUs,
    });
  });

  it('409 flag_unresolved → held back, with the agreement and the flags to review', async () => {
    const flags = [{ id: 'self-raise:s/l:b', rule: 'self-raise', state: 'escalated' }];
    answer = json(409, {
      error: { code: 'flag_unresolved', message: 'A flag on this lot must be reviewed.' },
      agreement: pending,
      flags,
    });
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'flag_unresolved',
      agreement: pending,
      flags,
    });
  });

  it('409 with the current agreement → conflict with that agreement', async () => {
    answer = json(409, { ...conflictEnvelope, agreement: rejectedByBob });
    await expect(sendDecision(pending, 'approve', null)).resolves.toEqual({
      outcome: 'conflict',
      agreement: rejectedByBob,
    });
  });

  it.each([
    ['no agreement', conflictEnvelope],
    ['a null agreement', { ...conflictEnvelope, agreement: null }],
    ['an agreement of the wrong shape', { ...conflictEnvelope, agreement: { id: pending.id } }],
    [
      'an agreement with an unknown status',
      { ...conflictEnvelope, agreement: { ...rejectedByBob, status: 'cancelled' } },
    ],
  ])('409 with %s → failed with the conflict error', async (_name, body) => {
    answer = json(409, body);
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
    const { error } = outcome as { error: unknown };
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('409 of another code with an agreement → failed, not conflict', async () => {
    answer = json(409, { error: { code: 'bad_request', message: 'x' }, agreement: rejectedByBob });
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
  });

  it.each<{ name: string; serverAnswer: Answer; code: string; status: number | null }>([
    {
      name: '500 with an envelope',
      serverAnswer: json(500, { error: { code: 'internal', message: 'boom' } }),
      code: 'internal',
      status: 500,
    },
    {
      name: '400 with an envelope',
      serverAnswer: json(400, { error: { code: 'bad_request', message: 'reason is required' } }),
      code: 'bad_request',
      status: 400,
    },
    {
      name: '502 error page',
      serverAnswer: htmlPage(502),
      code: 'http_error',
      status: 502,
    },
    {
      name: '409 error page',
      serverAnswer: htmlPage(409),
      code: 'http_error',
      status: 409,
    },
    {
      name: '200 of the wrong shape',
      serverAnswer: json(200, { ...approvedByUs, version: '4' }),
      code: 'invalid_response',
      status: 200,
    },
    {
      name: 'a dropped connection',
      serverAnswer: (req) => req.socket.destroy(),
      code: 'network',
      status: null,
    },
  ])('$name → failed with $code', async ({ serverAnswer, code, status }) => {
    answer = serverAnswer;
    const outcome = await sendDecision(pending, 'reject', 'Buyer withdrew');
    expect(outcome.outcome).toBe('failed');
    expect((outcome as { error: unknown }).error).toMatchObject({ code, status });
  });

  it('an unreachable server → failed with a network error', async () => {
    const port = await closedPort();
    fetchOrigin = () => `http://127.0.0.1:${port}`;
    const outcome = await sendDecision(pending, 'approve', null);
    expect(outcome.outcome).toBe('failed');
    expect((outcome as { error: unknown }).error).toMatchObject({ code: 'network' });
  });
});

describe('fetchAgreementPage', () => {
  const page = { items: [pending, rejectedByBob], nextCursor: 'c1.MTIz', total: 27 };

  it('GETs the page the parameters name, with the default limit, and returns it', async () => {
    answer = json(200, page);
    await expect(
      fetchAgreementPage({
        ...defaultListParams,
        status: 'approved',
        q: 'brass lamp',
        cursor: 'c1.MTAw',
      }),
    ).resolves.toEqual(page);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', body: '' });
    expect(onlyRequest().url).toBe(
      '/api/agreements?status=approved&q=brass+lamp&sort=closedAt&cursor=c1.MTAw&limit=25',
    );
  });

  it('accepts the last page (no cursor) and an empty page', async () => {
    answer = json(200, { items: [], nextCursor: null, total: 0 });
    await expect(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    ).resolves.toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    expect(onlyRequest().url).toBe('/api/agreements?status=pending&sort=closedAt&limit=25');
  });

  const { decidedAt: _omitted, ...withoutDecidedAt } = pending;
  const { approvals: _none, ...withoutApprovals } = pending;
  it.each<[string, unknown]>([
    ['a bare array', [pending]],
    ['null', null],
    ['no items', { nextCursor: null, total: 1 }],
    ['no nextCursor', { items: [pending], total: 1 }],
    ['an item without decidedAt', { items: [withoutDecidedAt], nextCursor: null, total: 1 }],
    [
      'an amount that is text',
      { items: [{ ...pending, amount: '12345.00' }], nextCursor: null, total: 1 },
    ],
    [
      'an amount with a fraction',
      { items: [{ ...pending, amount: 12345.5 }], nextCursor: null, total: 1 },
    ],
    ['an unknown status', { items: [{ ...pending, status: 'void' }], nextCursor: null, total: 1 }],
    [
      'a date that is not ISO',
      { items: [{ ...pending, closedAt: 'yesterday' }], nextCursor: null },
    ],
    ['a numeric cursor', { items: [], nextCursor: 7, total: 0 }],
    ['no total', { items: [], nextCursor: null }],
    ['a total that is text', { items: [], nextCursor: null, total: '3' }],
    ['an item without approvals', { items: [withoutApprovals], nextCursor: null, total: 1 }],
  ])('refuses %s as invalid_response', async (_name, body) => {
    answer = json(200, body);
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    );
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
  });

  it('refuses an answer that is not JSON as invalid_response', async () => {
    answer = htmlPage(200);
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: null }),
    );
    expect(error.code).toBe('invalid_response');
  });

  it('passes the server error on', async () => {
    answer = json(400, {
      error: { code: 'bad_request', message: 'cursor is not a valid page cursor' },
    });
    const error = await failure(
      fetchAgreementPage({ ...defaultListParams, status: 'pending', q: '', cursor: 'junk' }),
    );
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
  });

  it('is cancelled by its signal', async () => {
    answer = (_req, res) => server.later(300, () => sendJson(res, 200, page));
    const controller = new AbortController();
    const promise = fetchAgreementPage(
      { ...defaultListParams, status: 'pending', q: '', cursor: null },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 20);
    expect((await failure(promise)).code).toBe('aborted');
  });
});

describe('fetchAgreementHistory', () => {
  it('GETs the agreement and its decisions by encoded id', async () => {
    const history = {
      agreement: rejectedByBob,
      decisions: [
        {
          id: 1,
          decision: 'reject',
          reason: 'Bob was first',
          statusBefore: 'pending',
          statusAfter: 'rejected',
          decidedBy: 'bob',
          decidedByName: 'Bob Staff',
          decidedAt: '2026-03-02T09:29:00.000Z',
        },
      ],
      // A lot the catalogue lacks: no story to tell.
      lot: null,
    };
    answer = json(200, history);
    await expect(fetchAgreementHistory('a/b')).resolves.toEqual(history);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/agreements/a%2Fb' });
  });

  it('refuses a history without its decisions as invalid_response', async () => {
    answer = json(200, { agreement: rejectedByBob });
    expect((await failure(fetchAgreementHistory(pending.id))).code).toBe('invalid_response');
  });
});
