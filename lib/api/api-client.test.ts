/** @jest-environment node */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { createLoadingStore, type LoadingStore } from '@/lib/loading/loading-store';
import { createApiClient } from './api-client';
import { createDownloadClient, dispositionFileName } from './api-download';
import {
  closedPort,
  failure,
  readBody,
  sendJson,
  startTestServer,
} from '@/testing/http-test-server';

const okSchema = z.object({ status: z.literal('ok') });

async function handle(req: IncomingMessage, res: ServerResponse) {
  switch (req.url) {
    case '/api/ok':
      return sendJson(res, 200, { status: 'ok' });
    case '/api/slow':
      return later(300, () => sendJson(res, 200, { status: 'ok' }));
    case '/api/slow-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":');
      return later(300, () => res.end('"ok"}'));
    case '/api/err':
      return sendJson(res, 409, { error: { code: 'conflict', message: 'x' } });
    case '/api/limited':
      return sendJson(
        res,
        429,
        { error: { code: 'rate_limited', message: 'slow down' } },
        { 'retry-after': '7' },
      );
    case '/api/signed-out':
      return sendJson(res, 401, {
        error: { code: 'unauthorized', message: 'Sign in to continue.' },
      });
    case '/api/wrong-password':
      return sendJson(res, 401, {
        error: { code: 'invalid_credentials', message: 'Wrong login id or password.' },
      });
    case '/api/unknown-code':
      return sendJson(res, 418, { error: { code: 'teapot', message: 'short and stout' } });
    case '/api/html':
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad gateway</body></html>');
    case '/api/bad-shape':
      return sendJson(res, 200, { status: 1 });
    case '/api/not-json':
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('nope');
    case '/api/empty':
      res.writeHead(204);
      return res.end();
    case '/api/drop':
      return req.socket.destroy();
    case '/api/cut-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":');
      return later(20, () => req.socket.destroy());
    case '/api/file':
      res.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="agreements-pending-2026-11-27.csv"',
      });
      return res.end('id,amount\n1,100\n');
    case '/api/slow-file': {
      // The head at once, then a line every 60 ms: 300 ms in all, longer than a hasty deadline.
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write('id,amount\n');
      for (let n = 1; n <= 5; n += 1)
        later(60 * n, () => (n < 5 ? res.write(`${n},100\n`) : res.end(`${n},100\n`)));
      return;
    }
    case '/api/stalled-file':
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write('id,amount\n');
      return later(300, () => res.end('1,100\n'));
    case '/api/slow-refusal':
      res.writeHead(503, { 'content-type': 'application/json' });
      res.write('{"error":');
      return later(1000, () => res.end('{"code":"conflict","message":"x"}}'));
    case '/api/cut-file':
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.write('id,amount\n');
      return later(20, () => req.socket.destroy());
    case '/api/echo': {
      const body = await readBody(req);
      return sendJson(res, 200, {
        method: req.method,
        contentType: req.headers['content-type'] ?? null,
        accept: req.headers.accept ?? null,
        body,
      });
    }
    default:
      return sendJson(res, 404, { error: { code: 'not_found', message: 'no route' } });
  }
}

let server: Awaited<ReturnType<typeof startTestServer>>;
const later = (ms: number, run: () => void) => server.later(ms, run);

beforeAll(async () => {
  server = await startTestServer(handle);
});

afterAll(() => server.close());

function clientFor(origin: () => string) {
  const loading = createLoadingStore((callback) => callback());
  const apiRequest = createApiClient({
    fetch: (path, init) => fetch(`${origin()}${String(path)}`, init),
    loading,
  });
  return { apiRequest, loading };
}

let apiRequest: ReturnType<typeof createApiClient>;
let loading: LoadingStore;

beforeEach(() => {
  ({ apiRequest, loading } = clientFor(() => server.origin));
});

describe('createApiClient: answers', () => {
  it('parses a successful answer with the schema', async () => {
    await expect(apiRequest('/api/ok', { schema: okSchema })).resolves.toEqual({ status: 'ok' });
  });

  it('returns what the schema outputs (transforms apply)', async () => {
    const schema = okSchema.transform(({ status }) => status.toUpperCase());
    await expect(apiRequest('/api/ok', { schema })).resolves.toBe('OK');
  });

  it('treats an empty body as null', async () => {
    await expect(apiRequest('/api/empty', { schema: z.null() })).resolves.toBeNull();
  });

  it('sends a GET with accept: application/json and no content type when there is no body', async () => {
    const echo = await apiRequest('/api/echo', { schema: z.record(z.string(), z.unknown()) });
    expect(echo).toEqual({
      method: 'GET',
      contentType: null,
      accept: 'application/json',
      body: '',
    });
  });

  it('POSTs the body as JSON with content-type application/json', async () => {
    const echo = await apiRequest('/api/echo', {
      method: 'POST',
      body: { decision: 'approve', version: 3, note: 'é' },
      schema: z.object({
        method: z.string(),
        contentType: z.string().nullable(),
        body: z.string(),
      }),
    });
    expect(echo.method).toBe('POST');
    expect(echo.contentType).toBe('application/json');
    expect(JSON.parse(echo.body)).toEqual({ decision: 'approve', version: 3, note: 'é' });
  });
});

describe('createApiClient: error codes', () => {
  it('maps an error envelope to its code and status', async () => {
    const error = await failure(apiRequest('/api/err', { schema: okSchema }));
    expect(error).toMatchObject({
      code: 'conflict',
      status: 409,
      message: 'x',
      retryAfterSeconds: null,
    });
  });

  it('maps 429 to rate_limited with Retry-After in seconds', async () => {
    const error = await failure(apiRequest('/api/limited', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterSeconds: 7 });
  });

  it('maps an envelope with an unknown code to http_error', async () => {
    const error = await failure(apiRequest('/api/unknown-code', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'http_error', status: 418, message: 'HTTP 418' });
  });

  it('maps a non-JSON error page to http_error with its status', async () => {
    const error = await failure(apiRequest('/api/html', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'http_error', status: 500, message: 'HTTP 500' });
  });

  it('maps an answer of the wrong shape to invalid_response', async () => {
    const error = await failure(apiRequest('/api/bad-shape', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect((error.cause as Error).name).toMatch(/ZodError$/);
  });

  it('maps a 200 answer that is not JSON to invalid_response', async () => {
    const error = await failure(apiRequest('/api/not-json', { schema: okSchema }));
    expect(error.code).toBe('invalid_response');
    expect((error.cause as Error).name).toBe('SyntaxError');
  });

  describe('with no answer in time', () => {
    function hastyClient() {
      const loading = createLoadingStore((callback) => callback());
      const client = createApiClient({
        fetch: (path, init) => fetch(`${server.origin}${String(path)}`, init),
        loading,
        deadlineMs: 100,
      });
      return { client, loading };
    }

    it('fails as timeout when the answer does not start, and the overlay lets go', async () => {
      const { client, loading } = hastyClient();
      const error = await failure(client('/api/slow', { schema: okSchema }));
      expect(error).toMatchObject({ code: 'timeout', status: null });
      expect(loading.inFlight()).toBe(0);
    });

    it('fails as timeout when the body stops half way', async () => {
      const { client } = hastyClient();
      const error = await failure(client('/api/slow-body', { schema: okSchema }));
      expect(error.code).toBe('timeout');
    });

    it('an answer within the deadline is an answer; a cancel before it is still aborted', async () => {
      const { client } = hastyClient();
      await expect(client('/api/ok', { schema: okSchema })).resolves.toEqual({ status: 'ok' });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const error = await failure(
        client('/api/slow', { schema: okSchema, signal: controller.signal }),
      );
      expect(error.code).toBe('aborted');
    });
  });

  it('maps an abort while waiting for the answer to aborted', async () => {
    const controller = new AbortController();
    const promise = apiRequest('/api/slow', { schema: okSchema, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(promise);
    expect(error).toMatchObject({ code: 'aborted', status: null });
  });

  it('maps an already aborted signal to aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      apiRequest('/api/ok', { schema: okSchema, signal: controller.signal }),
    );
    expect(error.code).toBe('aborted');
  });

  it('maps an abort while the body is being read to aborted', async () => {
    const controller = new AbortController();
    const promise = apiRequest('/api/slow-body', { schema: okSchema, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(promise);
    expect(error.code).toBe('aborted');
  });

  it('maps a connection cut while the body comes to network, not to an answer that is not JSON', async () => {
    const error = await failure(apiRequest('/api/cut-body', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'network', status: null });
  });

  it('maps an unreachable port to network', async () => {
    const port = await closedPort();
    const { apiRequest: unreachable } = clientFor(() => `http://127.0.0.1:${port}`);
    const error = await failure(unreachable('/api/ok', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'network', status: null });
    // Node's fetch rejects with a TypeError from outside Jest's realm: compare by name.
    expect((error.cause as Error).name).toBe('TypeError');
  });

  it('maps a connection the server drops to network', async () => {
    const error = await failure(apiRequest('/api/drop', { schema: okSchema }));
    expect(error.code).toBe('network');
  });
});

describe('createApiClient: a session that ended', () => {
  function reportingClient() {
    const reports: string[] = [];
    const client = createApiClient({
      fetch: (path, init) => fetch(`${server.origin}${String(path)}`, init),
      loading: createLoadingStore((callback) => callback()),
      onSessionEnded: () => reports.push('ended'),
    });
    return { client, reports };
  }

  it('reports an unauthorized answer, a background call included, and still rejects with it', async () => {
    const { client, reports } = reportingClient();
    const error = await failure(client('/api/signed-out', { schema: okSchema, background: true }));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(reports).toEqual(['ended']);
  });

  it('does not report other refusals: wrong credentials, a conflict, a server error', async () => {
    const { client, reports } = reportingClient();
    for (const path of ['/api/wrong-password', '/api/err', '/api/html'] as const)
      await failure(client(path, { schema: okSchema }));
    await client('/api/ok', { schema: okSchema });
    expect(reports).toEqual([]);
  });
});

describe('createApiClient: loading counter', () => {
  it('counts a call while it is in flight and releases it after success', async () => {
    const promise = apiRequest('/api/slow', { schema: okSchema });
    expect(loading.inFlight()).toBe(1);
    expect(loading.isVisible()).toBe(true);
    await expect(promise).resolves.toEqual({ status: 'ok' });
    expect(loading.inFlight()).toBe(0);
    expect(loading.isVisible()).toBe(false);
  });

  it('counts two calls at once', async () => {
    const first = apiRequest('/api/slow', { schema: okSchema });
    const second = apiRequest('/api/ok', { schema: okSchema });
    expect(loading.inFlight()).toBe(2);
    await second;
    expect(loading.inFlight()).toBe(1);
    expect(loading.isVisible()).toBe(true);
    await first;
    expect(loading.inFlight()).toBe(0);
  });

  it.each([
    ['an HTTP error', '/api/err'],
    ['an HTML error page', '/api/html'],
    ['a wrong shape', '/api/bad-shape'],
    ['an answer that is not JSON', '/api/not-json'],
    ['a dropped connection', '/api/drop'],
  ] as const)('releases the counter after %s', async (_name, path) => {
    const promise = apiRequest(path, { schema: okSchema });
    expect(loading.inFlight()).toBe(1);
    await failure(promise);
    expect(loading.inFlight()).toBe(0);
    expect(loading.isVisible()).toBe(false);
  });

  it('releases the counter after an abort', async () => {
    const controller = new AbortController();
    const promise = apiRequest('/api/slow', { schema: okSchema, signal: controller.signal });
    expect(loading.inFlight()).toBe(1);
    controller.abort();
    expect((await failure(promise)).code).toBe('aborted');
    expect(loading.inFlight()).toBe(0);
    expect(loading.isVisible()).toBe(false);
  });

  it('releases the counter after a network failure', async () => {
    const port = await closedPort();
    const { apiRequest: unreachable, loading: unreachableLoading } = clientFor(
      () => `http://127.0.0.1:${port}`,
    );
    const promise = unreachable('/api/ok', { schema: okSchema });
    expect(unreachableLoading.inFlight()).toBe(1);
    expect((await failure(promise)).code).toBe('network');
    expect(unreachableLoading.inFlight()).toBe(0);
  });

  it('never touches the counter for background calls, whether they succeed or fail', async () => {
    const listener = jest.fn();
    loading.subscribe(listener);
    const ok = apiRequest('/api/slow', { schema: okSchema, background: true });
    const failed = failure(apiRequest('/api/err', { schema: okSchema, background: true }));
    expect(loading.inFlight()).toBe(0);
    await expect(ok).resolves.toEqual({ status: 'ok' });
    expect((await failed).code).toBe('conflict');
    expect(loading.inFlight()).toBe(0);
    expect(loading.isVisible()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createDownloadClient: a file, or why there is none', () => {
  function downloadClient({ deadlineMs = 30_000 } = {}) {
    const reports: string[] = [];
    const loading = createLoadingStore((callback) => callback());
    const apiDownload = createDownloadClient({
      fetch: (path, init) => fetch(`${server.origin}${String(path)}`, init),
      loading,
      onSessionEnded: () => reports.push('ended'),
      deadlineMs,
    });
    return { apiDownload, loading, reports };
  }

  it("answers the file's bytes and the name its Content-Disposition gives, without the overlay", async () => {
    const { apiDownload, loading } = downloadClient();
    const downloading = apiDownload('/api/file');
    // The screen shows its own progress and stays usable while a large file comes.
    expect(loading.inFlight()).toBe(0);
    const file = await downloading;
    expect(file.fileName).toBe('agreements-pending-2026-11-27.csv');
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(await file.blob.text()).toBe('id,amount\n1,100\n');
  });

  it('waits for a body as long as its chunks keep coming, and fails as timeout when they stop', async () => {
    const { apiDownload } = downloadClient({ deadlineMs: 100 });
    const file = await apiDownload('/api/slow-file');
    expect(await file.blob.text()).toBe('id,amount\n1,100\n2,100\n3,100\n4,100\n5,100\n');
    expect(file.fileName).toBeNull();
    expect((await failure(apiDownload('/api/stalled-file'))).code).toBe('timeout');
    // An answer that does not start is a timeout too; a refusal whose envelope stops half way
    // is ended by the deadline, as the refusal it is, rather than waited on for ever.
    expect((await failure(apiDownload('/api/slow'))).code).toBe('timeout');
    expect(await failure(apiDownload('/api/slow-refusal'))).toMatchObject({
      code: 'http_error',
      status: 503,
    });
  });

  it('fails as aborted when the screen cancels it while the file comes', async () => {
    const { apiDownload } = downloadClient();
    const controller = new AbortController();
    const downloading = apiDownload('/api/stalled-file', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(downloading)).code).toBe('aborted');
  });

  it('fails as the API does: a refusal by its code, a session that ended reported, a cut body as network', async () => {
    const { apiDownload, reports } = downloadClient();
    expect(await failure(apiDownload('/api/signed-out'))).toMatchObject({
      code: 'unauthorized',
      status: 401,
    });
    expect(reports).toEqual(['ended']);
    expect(await failure(apiDownload('/api/limited'))).toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 7,
    });
    expect(await failure(apiDownload('/api/html'))).toMatchObject({
      code: 'http_error',
      status: 500,
    });
    expect(await failure(apiDownload('/api/cut-file'))).toMatchObject({ code: 'network' });
    expect(reports).toEqual(['ended']);
  });

  it.each([
    ['attachment; filename="a-b.csv"', 'a-b.csv'],
    ['attachment', null],
    [null, null],
    ['attachment; filename=""', null],
  ])('reads the file name of %p as %p', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});
