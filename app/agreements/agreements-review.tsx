'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useRef, useState, useTransition } from 'react';
import type { Agreement, AgreementPage, Decision } from '@/lib/agreements/agreement';
import { listPageHref, type ListParams } from '@/lib/agreements/list-params';
import { useAgreementReview, type Viewer } from '@/lib/agreements/use-agreement-review';
import { isApiError } from '@/lib/api/api-error';
import { AgreementFilters } from './agreement-filters';
import { AgreementList, type RowAction } from './agreement-list';
import { DecisionDialog } from './decision-dialog';
import { DecisionLogDialog } from './decision-log-dialog';
import { ReviewNotice, type Notice } from './review-notice';
import { SignInPrompt } from './sign-in-prompt';

type Dialog =
  | { kind: Decision; agreement: Agreement; reason?: string }
  | { kind: 'history'; agreement: Agreement };

interface AgreementsReviewProps {
  viewer: Viewer;
  params: ListParams;
  /** The page the server read for `params`; null when the URL's cursor is not a valid one. */
  page: AgreementPage | null;
}

const noPage: AgreementPage = { items: [], nextCursor: null };

/** The review of agreements: filters and page in the URL, decisions confirmed in a dialog. */
export function AgreementsReview({ viewer, params, page }: AgreementsReviewProps) {
  const t = useTranslations('AgreementsReview');
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const { items, saving, nextCursor, changes, decide } = useAgreementReview(
    params,
    page ?? noPage,
    viewer,
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const endSession = useCallback(() => setSessionEnded(true), []);

  /** Filters change the list in place; the pager also takes the focus to the list's heading. */
  const navigate = (next: ListParams, { focusList = false } = {}) => {
    setNotice(null);
    startNavigation(() => router.push(listPageHref(next), { scroll: false }));
    if (focusList) headingRef.current?.focus();
  };

  const confirmDecision = async (
    agreement: Agreement,
    decision: Decision,
    reason: string | null,
  ) => {
    setDialog(null);
    setNotice(null);
    const outcome = await decide(agreement, decision, reason);
    if (outcome.outcome === 'failed' && isApiError(outcome.error, 'unauthorized'))
      setSessionEnded(true);
    else if (outcome.outcome === 'failed')
      setNotice({ kind: 'failed', agreement, decision, reason, error: outcome.error });
    else
      setNotice({
        kind: outcome.outcome === 'decided' ? 'saved' : 'conflict',
        agreement: outcome.agreement,
      });
  };

  if (sessionEnded) return <SignInPrompt ended />;

  const changedElsewhere = new Set(changes.changedElsewhere);
  const hasChanges = changedElsewhere.size > 0 || changes.added > 0;
  const refresh = () => startNavigation(() => router.refresh());
  const emptyText = params.q
    ? t('emptySearch', { q: params.q })
    : params.cursor
      ? t('emptyAfter')
      : params.status === 'pending'
        ? t('emptyPending')
        : t('emptyOther');

  return (
    <section className="card agreements" aria-labelledby="agreements-list-title">
      <AgreementFilters params={params} onChange={(next) => navigate(next)} />

      <h2 id="agreements-list-title" ref={headingRef} tabIndex={-1}>
        {t('listTitle', { status: params.status })}
      </h2>
      <p className="visually-hidden" role="status">
        {navigating ? t('loadingPage') : t('pageInfo', { count: items.length })}
      </p>

      <ReviewNotice
        notice={notice}
        onRetry={(failed) =>
          setDialog({
            kind: failed.decision,
            agreement: failed.agreement,
            reason: failed.reason ?? undefined,
          })
        }
        onDismiss={() => setNotice(null)}
      />
      {hasChanges && (
        <div className="notice" data-kind="changes" role="status">
          <p>{t('changes', { changed: changedElsewhere.size, added: changes.added })}</p>
          <button type="button" onClick={refresh}>
            {t('refresh')}
          </button>
        </div>
      )}

      <div className="agreements__list" aria-busy={navigating || undefined}>
        {page === null ? (
          <div className="notice" data-kind="load-failed" role="alert">
            <p>{t('badCursor')}</p>
          </div>
        ) : items.length === 0 ? (
          <p className="empty">{emptyText}</p>
        ) : (
          <AgreementList
            items={items}
            saving={saving}
            changedElsewhere={changedElsewhere}
            onAction={(action: RowAction) => setDialog(action)}
          />
        )}
      </div>

      {(params.cursor || nextCursor) && (
        <nav className="pager actions" aria-label={t('pagination')}>
          {params.cursor && (
            <button
              type="button"
              className="button-secondary"
              onClick={() => navigate({ ...params, cursor: null }, { focusList: true })}
            >
              {t('firstPage')}
            </button>
          )}
          {nextCursor && (
            <button
              type="button"
              onClick={() => navigate({ ...params, cursor: nextCursor }, { focusList: true })}
            >
              {t('nextPage')}
            </button>
          )}
        </nav>
      )}

      {dialog && dialog.kind !== 'history' && (
        <DecisionDialog
          agreement={dialog.agreement}
          decision={dialog.kind}
          initialReason={dialog.reason}
          fallbackFocus={() => rowFocusTarget(dialog.agreement.id)}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) =>
            void confirmDecision(dialog.agreement, dialog.kind as Decision, reason)
          }
        />
      )}
      {dialog?.kind === 'history' && (
        <DecisionLogDialog
          agreement={dialog.agreement}
          onSessionEnded={endSession}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

/** After a decision the row's Approve button is gone: the focus goes to its History button. */
function rowFocusTarget(agreementId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    `[data-agreement-id="${CSS.escape(agreementId)}"] [data-row-action="history"]`,
  );
}
