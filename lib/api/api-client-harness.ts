// Shared by the API client's tests: a real local server whose routes answer every way the client
// must tell apart (JSON, error envelopes, error pages, slow, cut or dropped answers, files).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { createLoadingStore } from '@/lib/loading/loading-store';
import { createApiClient } from './api-client';
import { readBody, sendJson, startTestServer } from '@/testing/http-test-server';

export const okSchema = z.object({ status: z.literal('ok') });

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

/** Starts the server for the test file (registers its hooks): call at the top level of the file. */
export function serveTestRoutes() {
  beforeAll(async () => {
    server = await startTestServer(handle);
  });
  afterAll(() => server.close());
  return {
    get origin() {
      return server.origin;
    },
  };
}

/** An API client, with its own loading counter, that sends its paths to `origin()`. */
export function clientFor(origin: () => string) {
  const loading = createLoadingStore((callback) => callback());
  const apiRequest = createApiClient({
    fetch: (path, init) => fetch(`${origin()}${String(path)}`, init),
    loading,
  });
  return { apiRequest, loading };
}
