import { createCaller, type ApiClientOptions } from './api-client';

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

/**
 * A GET whose answer is a file (the CSV export), failing the way `apiRequest` does, so a screen
 * can say why it did not download and offer to try again: a link the browser follows itself
 * would only leave a failed file in its downloads.
 */
export function createDownloadClient(options: ApiClientOptions = {}) {
  const call = createCaller(options);
  return function apiDownload(
    path: `/api/${string}`,
    request: { signal?: AbortSignal } = {},
  ): Promise<DownloadedFile> {
    const sent = { ...request, method: 'GET', accept: '*/*', headOnly: true };
    return call(path, sent, async (response, fail) => {
      try {
        const blob = await response.blob();
        return { blob, fileName: dispositionFileName(response.headers.get('content-disposition')) };
      } catch (error) {
        throw fail(error);
      }
    });
  };
}

export const apiDownload = createDownloadClient();
