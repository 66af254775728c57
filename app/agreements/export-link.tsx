'use client';

import { useTranslations } from 'next-intl';
import type { MouseEvent, ReactNode, Ref } from 'react';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { RetryActions } from './retry-actions';
import type { ExportFailure } from './use-csv-export';
import type { ApiPath } from '@/lib/api/api-client';

/**
 * The export's download link. A plain click fetches the file through the page (use-csv-export.ts),
 * so a failure can be said; a click with a modifier (save as, a new tab) is the browser's own.
 */
export function ExportLink({
  href,
  exporting,
  onExport,
  ref,
  children,
}: {
  href: ApiPath;
  exporting: boolean;
  onExport: (href: ApiPath) => void;
  /** The notice's buttons give the focus back here as the notice goes. */
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}) {
  const t = useTranslations('AgreementsReview');
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onExport(href);
  };
  return (
    <>
      <a
        ref={ref}
        className="button button-secondary"
        href={href}
        download
        aria-busy={exporting || undefined}
        onClick={click}
      >
        {children}
      </a>
      <span className="visually-hidden" role="status">
        {exporting ? t('exporting') : ''}
      </span>
    </>
  );
}

/** Why the export did not download, with "Try again" (the same file) and "Dismiss". */
export function ExportNotice({
  failure,
  onRetry,
  onDismiss,
}: {
  failure: ExportFailure | null;
  onRetry: (href: ApiPath) => void;
  onDismiss: () => void;
}) {
  const t = useTranslations('AgreementsReview');
  const errorText = useApiErrorText();
  if (failure === null) return null;
  return (
    <div className="notice" data-kind="failed" role="alert" data-testid="export-failed">
      <p>{t('exportFailed', { reason: errorText(failure.error) })}</p>
      <RetryActions onRetry={() => onRetry(failure.href)} onDismiss={onDismiss} />
    </div>
  );
}
