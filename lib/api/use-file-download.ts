'use client';

import { useEffect, useRef, useState } from 'react';
import { apiDownload, type DownloadedFile } from './api-download';
import type { ApiPath } from './api-client';
import { isApiError } from './api-error';

/** A download that did not come: why, and the file it was. */
export interface DownloadFailure {
  error: unknown;
  href: ApiPath;
}

/** Hands the file to the browser's downloads under the name the server gave it. */
function saveFile({ blob, fileName }: DownloadedFile, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the time the next task runs; a minute leaves room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file the API makes (an export), fetched by the page rather than left to the browser
 * (ADR 33): a failure (the server's, the network's) becomes a message with "Try again", not a
 * failed file in the downloads. A session that ended is reported by the API client, and the
 * screen turns into the sign-in prompt. A second start while one comes does nothing; leaving the
 * screen cancels it: no file lands on the next page.
 */
export function useFileDownload(fallbackName: string) {
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = async (href: ApiPath) => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setDownloading(true);
    setFailure(null);
    try {
      saveFile(await apiDownload(href, { signal: controller.signal }), fallbackName);
    } catch (error) {
      const handled = controller.signal.aborted || isApiError(error, 'unauthorized');
      if (!handled) setFailure({ error, href });
    } finally {
      inFlight.current = null;
      setDownloading(false);
    }
  };

  return { downloading, failure, start, dismiss: () => setFailure(null) };
}
