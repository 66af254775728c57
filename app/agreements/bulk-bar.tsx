'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import type { RowOutcome } from '@/lib/agreements/bulk-outcome';
import { RetryActions } from './retry-actions';
import './bulk-bar.css';

interface BulkRequest {
  agreements: Agreement[];
  decision: Decision;
  reason: string | null;
}

/** Where the page's bulk decision stands. */
export type BulkState =
  | { kind: 'idle' }
  | { kind: 'saving'; count: number }
  | { kind: 'done'; outcomes: RowOutcome[] }
  /** `unknown`: no answer came, or the server failed on its way; some rows may be decided. */
  | { kind: 'failed'; error: unknown; unknown: boolean; retry: BulkRequest };

const outcomeOrder: readonly RowOutcome[] = [
  'approved',
  'rejected',
  'waiting',
  'conflict',
  'held',
  'forbidden',
  'gone',
  'failed',
];

interface BulkBarProps {
  /** The page's rows that can be selected (pending, not being saved). */
  selectable: readonly Agreement[];
  chosen: readonly Agreement[];
  /** The chosen rows this viewer may approve (four-eyes). */
  approvable: readonly Agreement[];
  state: BulkState;
  onSelectAll: (selected: boolean) => void;
  onDecide: (decision: Decision) => void;
  onRetry: (request: BulkRequest) => void;
  /** Reads the page again: where each row stands after a failure whose outcome is unknown. */
  onRefresh: () => void;
  onDismiss: () => void;
}

/**
 * Select all on the page, then approve or reject the selected rows at once (contract §12); while
 * it saves, and after, one line says what became of them (each row shows its own outcome too).
 */
export function BulkBar({
  selectable,
  chosen,
  approvable,
  state,
  onSelectAll,
  onDecide,
  onRetry,
  onRefresh,
  onDismiss,
}: BulkBarProps) {
  const t = useTranslations('AgreementsReview');
  const errorText = useApiErrorText();
  const summaryRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const allSelected = selectable.length > 0 && chosen.length === selectable.length;
  // Rows chosen, or their decision under way: the bar is held in view (bulk-bar.css).
  const pinned = chosen.length > 0 || state.kind === 'saving';

  // The buttons that started it are gone or disabled: the outcome takes the focus, and is read.
  useEffect(() => {
    if (state.kind === 'done' || state.kind === 'failed') summaryRef.current?.focus();
  }, [state.kind]);

  // The page scrolls what takes the focus clear of the held bar: it needs the bar's height, which
  // changes as it wraps (a phone, French) and as notices come and go.
  useEffect(() => {
    const bar = barRef.current;
    if (!pinned || !bar || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--bulk-bar-height', `${bar.offsetHeight}px`),
    );
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bulk-bar-height');
    };
  }, [pinned]);

  if (selectable.length === 0 && state.kind === 'idle') return null;

  const summary =
    state.kind === 'done'
      ? outcomeOrder
          .map((outcome) => [outcome, state.outcomes.filter((o) => o === outcome).length] as const)
          .filter(([, count]) => count > 0)
          .map(([outcome, count]) => t('outcomeCount', { outcome, count }))
          .join(', ')
      : '';

  return (
    <div
      className="bulk-bar"
      role="group"
      aria-label={t('selection')}
      data-pinned={pinned || undefined}
      ref={barRef}
    >
      {selectable.length > 0 && (
        <label className="bulk-bar__all">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={state.kind === 'saving'}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          {t('selectAll')}
        </label>
      )}
      {chosen.length > 0 && state.kind !== 'saving' && (
        <div className="actions">
          <span className="bulk-bar__count">{t('selectedCount', { count: chosen.length })}</span>
          {approvable.length > 0 && (
            <button type="button" onClick={() => onDecide('approve')}>
              {t('bulkApprove', { count: approvable.length })}
            </button>
          )}
          <button type="button" className="button-danger" onClick={() => onDecide('reject')}>
            {t('bulkReject', { count: chosen.length })}
          </button>
          <button type="button" className="button-secondary" onClick={() => onSelectAll(false)}>
            {t('clearSelection')}
          </button>
        </div>
      )}
      <div aria-live="polite" className="bulk-bar__status">
        {state.kind === 'saving' && <p role="status">{t('bulkSaving', { count: state.count })}</p>}
      </div>
      {state.kind === 'done' && (
        <div className="notice" data-kind="bulk-done" role="status" tabIndex={-1} ref={summaryRef}>
          <p>{t('bulkDone', { count: state.outcomes.length, summary })}</p>
          <button type="button" className="button-secondary" onClick={onDismiss}>
            {t('dismiss')}
          </button>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="notice" data-kind="failed" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>
            {t(state.unknown ? 'bulkUnknown' : 'bulkFailed', { reason: errorText(state.error) })}
          </p>
          <RetryActions
            first={
              state.unknown && (
                <button type="button" onClick={onRefresh}>
                  {t('refresh')}
                </button>
              )
            }
            onRetry={() => onRetry(state.retry)}
            onDismiss={onDismiss}
          />
        </div>
      )}
    </div>
  );
}
