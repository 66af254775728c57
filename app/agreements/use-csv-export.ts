'use client';

import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { apiDownload, type DownloadedFile } from '@/lib/api/api-download';
import type { ApiPath } from '@/lib/api/api-client';

/** An export that did not download: why, and the file it was. */
export interface ExportFailure {
  error: unknown;
  href: ApiPath;
}

/** Hands the file to the browser's downloads under the name the server gave it. */
function saveFile({ blob, fileName }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'agreements.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the time the next task runs; a minute leaves room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The CSV export, fetched by the page rather than left to the browser: a failure (the server's,
 * the network's) becomes a message with "Try again", not a failed file in the downloads. A session
 * that ended is reported by the API client, and the screen turns into the sign-in prompt. Leaving
 * the screen cancels an export still coming: no file lands on the next page.
 */
export function useCsvExport() {
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<ExportFailure | null>(null);
  // A second click while the file comes downloads nothing more.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = async (href: ApiPath) => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setExporting(true);
    setFailure(null);
    try {
      saveFile(await apiDownload(href, { signal: controller.signal }));
    } catch (error) {
      const handled = controller.signal.aborted || isApiError(error, 'unauthorized');
      if (!handled) setFailure({ error, href });
    } finally {
      inFlight.current = null;
      setExporting(false);
    }
  };

  const dismiss = () => setFailure(null);
  // The notice goes with the button that had the focus: it goes back to the export link.
  const link = useRef<HTMLAnchorElement>(null);
  const backToLink = () => link.current?.focus();
  return {
    dismiss,
    /** For `ExportLink`. */
    link: { ref: link, exporting, onExport: (href: ApiPath) => void start(href) },
    /** For `ExportNotice`. */
    notice: {
      failure,
      onRetry: (href: ApiPath) => {
        backToLink();
        void start(href);
      },
      onDismiss: () => {
        backToLink();
        dismiss();
      },
    },
  };
}
