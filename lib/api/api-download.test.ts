/** @jest-environment node */
// api-download.ts against a real local server: a file and its name, or the error that says why
// there is none.
import { createLoadingStore } from '@/lib/loading/loading-store';
import { createDownloadClient, dispositionFileName } from './api-download';
import { serveTestRoutes } from './api-client-harness';
import { failure } from '@/testing/http-test-server';

const server = serveTestRoutes();

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
