'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ModalDialog } from '@/components/modal-dialog';
import type { Agreement, AgreementHistory } from '@/lib/agreements/agreement';
import { fetchAgreementHistory } from '@/lib/agreements/agreements-api';
import { logEntryKind } from '@/lib/agreements/decision-log';
import { isApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import { LotStory } from './lot-story';

type HistoryLoad =
  | { state: 'loading' }
  | { state: 'ready'; history: AgreementHistory }
  | { state: 'failed'; error: unknown };

/**
 * An agreement's history: when it arrived and every decision, who made it and why; then its lot's
 * story, with its flags and their reviews (contract §14).
 */
export function DecisionLogDialog({
  agreement,
  onClose,
  onSessionEnded,
}: {
  agreement: Agreement;
  onClose: () => void;
  /** The history answered 401: the screen shows the sign-in prompt instead. */
  onSessionEnded: () => void;
}) {
  const t = useTranslations('DecisionLog');
  const tStatus = useTranslations('AgreementStatus');
  const when = useFormatDateTime();
  const errorText = useApiErrorText();
  const [load, setLoad] = useState<HistoryLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchAgreementHistory(agreement.id, controller.signal).then(
      (history) => setLoad({ state: 'ready', history }),
      (error: unknown) => {
        if (isApiError(error, 'aborted')) return;
        if (isApiError(error, 'unauthorized')) onSessionEnded();
        else setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [agreement.id, attempt, onSessionEnded]);

  return (
    <ModalDialog title={t('title', { lot: agreement.lotTitle })} onClose={onClose}>
      {load.state === 'loading' && <p role="status">{t('loading')}</p>}
      {load.state === 'failed' && (
        <div role="alert">
          <p>{t('failed', { reason: errorText(load.error) })}</p>
          <button
            type="button"
            onClick={() => {
              setLoad({ state: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {t('retry')}
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <ol className="decision-log">
          <li>
            <time dateTime={load.history.agreement.closedAt}>
              {when(load.history.agreement.closedAt)}
            </time>{' '}
            {t('closed')}
          </li>
          <li>
            <time dateTime={load.history.agreement.createdAt}>
              {when(load.history.agreement.createdAt)}
            </time>{' '}
            {t('received')}
          </li>
          {load.history.decisions.map((entry) => (
            <li key={entry.id} data-testid="decision-log-entry">
              <time dateTime={entry.decidedAt}>{when(entry.decidedAt)}</time>{' '}
              {t('entry', {
                decision: logEntryKind(entry),
                name: entry.decidedByName,
                loginId: entry.decidedBy,
              })}
              <br />
              {entry.statusBefore === entry.statusAfter
                ? t('statusKept', { kind: logEntryKind(entry), status: tStatus(entry.statusAfter) })
                : t('statusChange', {
                    before: tStatus(entry.statusBefore),
                    after: tStatus(entry.statusAfter),
                  })}
              {entry.reason && (
                <>
                  <br />
                  {t('reason', { reason: entry.reason })}
                </>
              )}
            </li>
          ))}
          {load.history.decisions.length === 0 && <li>{t('noDecision')}</li>}
        </ol>
      )}
      {load.state === 'ready' && load.history.lot && <LotStory story={load.history.lot} />}
      <div className="actions">
        <button type="button" className="button-secondary" onClick={onClose} data-autofocus>
          {t('close')}
        </button>
      </div>
    </ModalDialog>
  );
}
