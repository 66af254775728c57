'use client';

import { useRef } from 'react';
import type { ApiPath } from '@/lib/api/api-client';
import { useFileDownload, type DownloadFailure } from '@/lib/api/use-file-download';

/** An export that did not download: why, and the file it was. */
export type ExportFailure = DownloadFailure;

/**
 * The CSV export (lib/api/use-file-download.ts), with what the export link and its notice need:
 * the notice goes with the button that had the focus, so the focus goes back to the link.
 */
export function useCsvExport() {
  const { downloading: exporting, failure, start, dismiss } = useFileDownload('agreements.csv');
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
