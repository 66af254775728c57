/** @jest-environment node */
// api-client.ts against a real local server: every way a call fails, each mapped to its code.
import { createLoadingStore } from '@/lib/loading/loading-store';
import { createApiClient } from './api-client';
import { clientFor, okSchema, serveTestRoutes } from './api-client-harness';
import { closedPort, failure } from '@/testing/http-test-server';

const server = serveTestRoutes();

let apiRequest: ReturnType<typeof createApiClient>;

beforeEach(() => {
  ({ apiRequest } = clientFor(() => server.origin));
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
