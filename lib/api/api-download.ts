import { createCaller, type ApiClientOptions, type ApiPath } from './api-client';

// Apart from api-client.ts: every page loads the API client, and only the agreements' export
// downloads a file.

/** A file the server sent, and the name its `Content-Disposition` gives it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** `filename="…"` of a `Content-Disposition`; null when there is none. */
export function dispositionFileName(header: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The body, chunk by chunk, each telling the deadline the answer is still coming. */
async function readBody(response: Response, stillComing: () => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (response.body === null) return new Blob([], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks, { type });
    chunks.push(value);
    stillComing();
  }
}

/**
 * A GET whose answer is a file (the CSV export), failing the way `apiRequest` does, so a screen
 * can say why it did not download and offer to try again: a link the browser follows itself
 * would only leave a failed file in its downloads. The deadline is for each wait: a large file
 * takes the time it takes while its chunks keep coming, a stalled one fails as `timeout`. In the
 * background (no loading overlay): the screen shows its own progress and stays usable.
 */
export function createDownloadClient(options: ApiClientOptions = {}) {
  const call = createCaller(options);
  return function apiDownload(
    path: ApiPath,
    request: { signal?: AbortSignal } = {},
  ): Promise<DownloadedFile> {
    const sent = { ...request, method: 'GET', accept: '*/*', background: true };
    return call(path, sent, async (response, { fail, stillComing }) => {
      try {
        const blob = await readBody(response, stillComing);
        return { blob, fileName: dispositionFileName(response.headers.get('content-disposition')) };
      } catch (error) {
        throw fail(error);
      }
    });
  };
}

export const apiDownload = createDownloadClient();
