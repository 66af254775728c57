// A real local HTTP server for tests of browser-side API code: the network is the boundary,
// so the code under test sends real requests and reads real answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@/lib/api/api-error';

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Listens on a free port of 127.0.0.1; `later` answers after a delay, cleared by `close`. */
export async function startTestServer(handler: Handler) {
  const server = createServer((req, res) => {
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timers = new Set<NodeJS.Timeout>();
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    later(ms: number, run: () => void) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    },
    async close() {
      timers.forEach(clearTimeout);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound, read, then released. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The ApiError a call fails with; the test fails if it succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the request did not fail');
}

/** A request the recording server received. */
export interface SeenRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: string;
}

/**
 * For a test file of browser-side API calls (registers its hooks): a real local server, started once, that keeps every
 * request (`seen`, emptied before each test) and answers with `respond` (set by each test); the
 * calls' relative URLs are sent to it. Call at the top level of the file.
 */
export function recordingTestServer() {
  const state = {
    seen: [] as SeenRequest[],
    respond: (res: ServerResponse): void => sendJson(res, 200, {}),
  };
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    server = await startTestServer(async (req, res) => {
      state.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'] ?? null,
        body: await readBody(req),
      });
      state.respond(res);
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    state.seen.length = 0;
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) => realFetch(`${server.origin}${String(input)}`, init));
  });
  afterEach(() => jest.restoreAllMocks());
  return state;
}

/** An answer for `recordingTestServer().respond`: JSON with this status. */
export const respondJson =
  (status: number, body: unknown) =>
  (res: ServerResponse): void =>
    sendJson(res, status, body);

/** An answer for `recordingTestServer().respond`: 204 without a body. */
export const respondNoContent = (res: ServerResponse): void => {
  res.writeHead(204);
  res.end();
};
