/** @jest-environment node */
// api-client.ts against a real local server: the loading counter behind the overlay counts each
// call in flight and lets go of it however the call ends.
import type { LoadingStore } from '@/lib/loading/loading-store';
import type { createApiClient } from './api-client';
import { clientFor, okSchema, serveTestRoutes } from './api-client-harness';
import { closedPort, failure } from '@/testing/http-test-server';

const server = serveTestRoutes();

let apiRequest: ReturnType<typeof createApiClient>;
let loading: LoadingStore;

beforeEach(() => {
  ({ apiRequest, loading } = clientFor(() => server.origin));
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
