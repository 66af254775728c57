/** @jest-environment node */
// api-client.ts against a real local server: what a successful answer gives, and a session that
// ended reported.
import { z } from 'zod';
import { createLoadingStore } from '@/lib/loading/loading-store';
import { createApiClient } from './api-client';
import { clientFor, okSchema, serveTestRoutes } from './api-client-harness';
import { failure } from '@/testing/http-test-server';

const server = serveTestRoutes();

let apiRequest: ReturnType<typeof createApiClient>;

beforeEach(() => {
  ({ apiRequest } = clientFor(() => server.origin));
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
