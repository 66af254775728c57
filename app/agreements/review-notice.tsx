'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Notice } from '@/lib/agreements/decision-notice';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { useFormatDateTime } from '@/lib/i18n/use-format-date-time';
import { lotHref } from '@/app/dash/sale-labels';
import { RetryActions } from './retry-actions';

interface ReviewNoticeProps {
  notice: Notice | null;
  onRetry: (notice: Extract<Notice, { kind: 'failed' }>) => void;
  onDismiss: () => void;
}

/**
 * What became of the last decision: saved (announced politely), not saved (an alert with the
 * reason and "Try again"), or beaten by someone else's (who and when).
 */
export function ReviewNotice({ notice, onRetry, onDismiss }: ReviewNoticeProps) {
  const t = useTranslations('AgreementsReview');
  const errorText = useApiErrorText();
  const when = useFormatDateTime();
  const dismiss = (
    <button type="button" className="button-secondary" onClick={onDismiss}>
      {t('dismiss')}
    </button>
  );

  return (
    <>
      <div className="notice-area" aria-live="polite">
        {notice?.kind === 'saved' && (
          <p className="notice" data-kind="saved" role="status">
            {notice.agreement.status === 'approved'
              ? t('savedApproved', {
                  lot: notice.agreement.lotTitle,
                  buyer: notice.agreement.buyer,
                })
              : notice.agreement.status === 'pending'
                ? t('savedFirstApproval', { lot: notice.agreement.lotTitle })
                : t('savedRejected', { lot: notice.agreement.lotTitle })}
          </p>
        )}
        {notice?.kind === 'reopened' && (
          <p className="notice" data-kind="saved" role="status">
            {t('savedReopened', { lot: notice.agreement.lotTitle })}
          </p>
        )}
      </div>
      {notice?.kind === 'conflict' && (
        <div className="notice" data-kind="conflict" role="alert">
          <p>
            {notice.agreement.decidedByName && notice.agreement.decidedAt
              ? t('conflict', {
                  lot: notice.agreement.lotTitle,
                  status: notice.agreement.status,
                  name: notice.agreement.decidedByName,
                  time: when(notice.agreement.decidedAt),
                })
              : t('conflictChanged', { lot: notice.agreement.lotTitle })}
          </p>
          {dismiss}
        </div>
      )}
      {notice?.kind === 'held' && (
        <div className="notice" data-kind="held" role="alert">
          <p>{t('held', { lot: notice.agreement.lotTitle, count: notice.flags.length })}</p>
          <p>
            <Link href={lotHref(notice.agreement.auctionId, notice.agreement.lotId)}>
              {t('heldLink')}
            </Link>
          </p>
          {dismiss}
        </div>
      )}
      {notice?.kind === 'failed' && (
        <div className="notice" data-kind="failed" role="alert">
          <p>
            {t(notice.decision === 'reopen' ? 'reopenFailed' : 'saveFailed', {
              lot: notice.agreement.lotTitle,
              reason: errorText(notice.error),
            })}
          </p>
          <RetryActions onRetry={() => onRetry(notice)} onDismiss={onDismiss} />
        </div>
      )}
    </>
  );
}
