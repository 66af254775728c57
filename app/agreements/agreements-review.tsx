'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useRef, useState } from 'react';
import type { Agreement, Decision } from '@/lib/agreements/agreement';
import { listPageHref, readListParams, type ListParams } from '@/lib/agreements/list-params';
import { useAgreementReview, type Viewer } from '@/lib/agreements/use-agreement-review';
import { ApiError } from '@/lib/api/api-error';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { AgreementFilters } from './agreement-filters';
import { AgreementList, type RowAction } from './agreement-list';
import { DecisionDialog } from './decision-dialog';
import { DecisionLogDialog } from './decision-log-dialog';
import { SignInPrompt } from './sign-in-prompt';

type Notice =
  | { kind: 'saved'; agreement: Agreement }
  | {
      kind: 'failed';
      agreement: Agreement;
      decision: Decision;
      reason: string | null;
      error: unknown;
    }
  | { kind: 'conflict'; agreement: Agreement };

type Dialog =
  | { kind: Decision; agreement: Agreement; reason?: string }
  | { kind: 'history'; agreement: Agreement };

const isUnauthorized = (error: unknown) =>
  error instanceof ApiError && error.code === 'unauthorized';

/** The review of agreements: filters and page in the URL, decisions confirmed in a dialog. */
export function AgreementsReview({ viewer }: { viewer: Viewer }) {
  const t = useTranslations('AgreementsReview');
  const format = useFormatter();
  const errorText = useApiErrorText();
  const router = useRouter();
  const searchParams = useSearchParams();
  const params = useMemo(
    () => readListParams(new URLSearchParams(searchParams.toString())),
    [searchParams],
  );
  const { items, saving, load, reload, decide } = useAgreementReview(params, viewer);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const navigate = (next: ListParams) => {
    setNotice(null);
    router.push(listPageHref(next), { scroll: false });
    headingRef.current?.focus();
  };

  const confirmDecision = async (
    agreement: Agreement,
    decision: Decision,
    reason: string | null,
  ) => {
    setDialog(null);
    setNotice(null);
    const outcome = await decide(agreement, decision, reason);
    if (outcome.outcome === 'decided') setNotice({ kind: 'saved', agreement: outcome.agreement });
    else if (outcome.outcome === 'conflict')
      setNotice({ kind: 'conflict', agreement: outcome.agreement });
    else setNotice({ kind: 'failed', agreement, decision, reason, error: outcome.error });
  };

  if (load.state === 'failed' && isUnauthorized(load.error)) return <SignInPrompt ended />;

  const when = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="card agreements" aria-labelledby="agreements-list-title">
      <AgreementFilters params={params} onChange={navigate} />

      <h2 id="agreements-list-title" ref={headingRef} tabIndex={-1}>
        {t('listTitle', { status: params.status })}
      </h2>

      <div className="notice-area" aria-live="polite">
        {notice?.kind === 'saved' && (
          <p className="notice" data-kind="saved" role="status">
            {notice.agreement.status === 'approved'
              ? t('savedApproved', {
                  lot: notice.agreement.lotTitle,
                  buyer: notice.agreement.buyer,
                })
              : t('savedRejected', { lot: notice.agreement.lotTitle })}
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
          <button type="button" className="button-secondary" onClick={() => setNotice(null)}>
            {t('dismiss')}
          </button>
        </div>
      )}
      {notice?.kind === 'failed' && (
        <div className="notice" data-kind="failed" role="alert">
          <p>
            {t('saveFailed', { lot: notice.agreement.lotTitle, reason: errorText(notice.error) })}
          </p>
          <div className="actions">
            {isUnauthorized(notice.error) ? (
              <Link href="/sign">{t('signIn')}</Link>
            ) : (
              <button
                type="button"
                onClick={() =>
                  setDialog({
                    kind: notice.decision,
                    agreement: notice.agreement,
                    reason: notice.reason ?? undefined,
                  })
                }
              >
                {t('retry')}
              </button>
            )}
            <button type="button" className="button-secondary" onClick={() => setNotice(null)}>
              {t('dismiss')}
            </button>
          </div>
        </div>
      )}

      {load.state === 'failed' ? (
        <div className="notice" data-kind="load-failed" role="alert">
          <p>{t('loadFailed', { reason: errorText(load.error) })}</p>
          <button type="button" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      ) : load.state === 'loading' && items.length === 0 ? null : items.length === 0 ? (
        <p className="empty">
          {params.q
            ? t('emptySearch', { q: params.q })
            : params.status === 'pending'
              ? t('emptyPending')
              : t('emptyOther')}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t('pageInfo', { count: items.length })}
          </p>
          <AgreementList
            items={items}
            saving={saving}
            onAction={(action: RowAction) => setDialog(action)}
          />
        </>
      )}

      <nav className="pager actions" aria-label={t('pagination')}>
        {params.cursor && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => navigate({ ...params, cursor: null })}
          >
            {t('firstPage')}
          </button>
        )}
        {load.state === 'ready' && load.nextCursor && (
          <button type="button" onClick={() => navigate({ ...params, cursor: load.nextCursor })}>
            {t('nextPage')}
          </button>
        )}
      </nav>

      {dialog && dialog.kind !== 'history' && (
        <DecisionDialog
          agreement={dialog.agreement}
          decision={dialog.kind}
          initialReason={dialog.reason}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) =>
            void confirmDecision(dialog.agreement, dialog.kind as Decision, reason)
          }
        />
      )}
      {dialog?.kind === 'history' && (
        <DecisionLogDialog agreement={dialog.agreement} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
