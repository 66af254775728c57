'use client';

import { useEffect, useRef, useState } from 'react';
import { apiDownload } from '@/lib/api/api-download';
import type { ApiPath } from '@/lib/api/api-client';
import { isApiError } from '@/lib/api/api-error';

/** Hands the file to the browser's downloads under the name the server gave it. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the time the next task runs; a minute leaves room.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The CSV export of the log, fetched by the page (as the agreements' export is) so that a failure
 * is a message with "Try again" rather than a failed file in the downloads. Leaving the screen
 * cancels an export still coming.
 */
export function useActivityExport() {
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; href: ApiPath } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const start = async (href: ApiPath) => {
    if (inFlight.current) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setExporting(true);
    setFailure(null);
    try {
      const file = await apiDownload(href, { signal: controller.signal });
      saveFile(file.blob, file.fileName ?? 'activity.csv');
    } catch (error) {
      // A session that ended turns the screen into the sign-in prompt instead.
      if (!controller.signal.aborted && !isApiError(error, 'unauthorized'))
        setFailure({ error, href });
    } finally {
      inFlight.current = null;
      setExporting(false);
    }
  };

  return { exporting, failure, start, dismiss: () => setFailure(null) };
}
