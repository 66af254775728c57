// Shared by agreements-api's tests. agreements-api.ts calls the module's shared `apiRequest`, which
// has no client to inject: its relative `/api/...` paths are sent to a real local server by a
// global fetch that prefixes the server's origin, as api-client's tests do with
// `createApiClient({ fetch })`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, startTestServer, type SeenRequest } from '@/testing/http-test-server';
import { agreementFixture } from './testing/agreement-fixture';

export type Answer = (req: IncomingMessage, res: ServerResponse) => void;

export const json =
  (status: number, body: unknown): Answer =>
  (_req, res) =>
    sendJson(res, status, body);

export const htmlPage =
  (status: number): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body>Proxy error</body></html>');
  };

/**
 * The server for the test file (registers its hooks): call at the top level of the file. Each
 * test sets `answer`; `seen` holds the requests of the test; `fetchOrigin` is where the browser's
 * fetch of a relative path goes, which a test may point elsewhere.
 */
export function agreementsTestServer() {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const realFetch = globalThis.fetch;
  const api = {
    seen: [] as SeenRequest[],
    answer: json(500, { error: { code: 'internal', message: 'no answer set' } }),
    fetchOrigin: () => server.origin,
    /** Runs `run` after `ms`, unless the server has closed. */
    later: (ms: number, run: () => void) => server.later(ms, run),
    /** The one request the server saw. */
    onlyRequest(): SeenRequest {
      expect(api.seen).toHaveLength(1);
      const [request] = api.seen;
      if (!request) throw new Error('the server saw no request');
      return request;
    },
  };

  beforeAll(async () => {
    server = await startTestServer(async (req, res) => {
      const body = await readBody(req);
      api.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'] ?? null,
        body,
      });
      api.answer(req, res);
    });
  });

  afterAll(() => server.close());

  beforeEach(() => {
    api.seen = [];
    api.answer = json(500, { error: { code: 'internal', message: 'no answer set' } });
    api.fetchOrigin = () => server.origin;
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) => realFetch(`${api.fetchOrigin()}${String(input)}`, init));
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  return api;
}

// The request bodies below carry this version.
export const pending = agreementFixture({ version: 3 });
export const approvedByUs = agreementFixture({
  status: 'approved',
  version: 4,
  decidedAt: '2026-03-02T09:30:00.000Z',
  decidedBy: 'alice',
  decidedByName: 'Alice Staff',
});
export const rejectedByBob = agreementFixture({
  status: 'rejected',
  version: 4,
  decidedAt: '2026-03-02T09:29:00.000Z',
  decidedBy: 'bob',
  decidedByName: 'Bob Staff',
  reason: 'Bob was first',
});
export const conflictEnvelope = {
  error: {
    code: 'conflict',
    message: 'This agreement was decided or changed since you loaded it.',
  },
};
