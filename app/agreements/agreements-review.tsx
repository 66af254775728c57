'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { useDialogState } from '@/components/use-dialog-state';
import type {
  Agreement,
  AgreementList as AgreementListData,
  Decision,
} from '@/lib/agreements/agreement';
import { noticeAfter, type Notice } from '@/lib/agreements/decision-notice';
import { exportHref, listPageHref, type ListParams } from '@/lib/agreements/list-params';
import { useAgreementReview, type Viewer } from '@/lib/agreements/use-agreement-review';
import { onSessionEnded } from '@/lib/api/session-ended';
import { AgreementFilters, type SaleOption } from './agreement-filters';
import { AgreementList, type RowAction } from './agreement-list';
import { BulkBar } from './bulk-bar';
import { ExportLink, ExportNotice } from './export-link';
import { ReviewDialogs, type ReviewDialog } from './review-dialogs';
import { ReviewNotice } from './review-notice';
import { SignInPrompt } from './sign-in-prompt';
import { useBulkDecision } from './use-bulk-decision';
import { useCsvExport } from './use-csv-export';

interface AgreementsReviewProps {
  viewer: Viewer;
  params: ListParams;
  /** The page the server read for `params`; null when the URL's cursor is not a valid one. */
  page: AgreementListData | null;
  sales: readonly SaleOption[];
}

const noPage: AgreementListData = { items: [], nextCursor: null, total: 0 };

/** The review of agreements: filters and page in the URL, decisions confirmed in a dialog. */
export function AgreementsReview({ viewer, params, page, sales }: AgreementsReviewProps) {
  const t = useTranslations('AgreementsReview');
  const tReport = useTranslations('SaleReport');
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const { items, saving, nextCursor, counts, changes, decide, decideMany, reopen } =
    useAgreementReview(params, page ?? noPage, viewer);
  const { dialog, dialogKey, openDialog, closeDialog } = useDialogState<ReviewDialog>();
  const csvExport = useCsvExport();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [offlineNavigation, setOfflineNavigation] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const endSession = useCallback(() => setSessionEnded(true), []);
  // Any call meeting the session ended on the server, the quiet check every few seconds included,
  // turns the screen into the sign-in prompt: not only the next click.
  useEffect(() => onSessionEnded(endSession), [endSession]);
  const changedElsewhere = new Set(changes.changedElsewhere);
  const bulk = useBulkDecision({
    page,
    items,
    viewer,
    saving,
    changedElsewhere,
    decideMany,
    onSessionEnded: endSession,
  });

  /** Filters change the list in place; the pager also takes the focus to the list's heading. */
  const navigate = (next: ListParams, { focusList = false } = {}) => {
    // Offline, Next would fall back to loading the page whole and the browser would show its own
    // offline page: nothing of this screen (a notice, a search typed) would be left.
    if (!navigator.onLine) return setOfflineNavigation(true);
    setOfflineNavigation(false);
    setNotice(null);
    // "Try again" would download the filter before this one.
    csvExport.dismiss();
    startNavigation(() => router.push(listPageHref(next), { scroll: false }));
    if (focusList) headingRef.current?.focus();
  };

  const confirmBulk = (agreements: Agreement[], decision: Decision, reason: string | null) => {
    closeDialog();
    setNotice(null);
    void bulk.confirm(agreements, decision, reason);
  };

  /** One agreement decided or reopened from its dialog; the outcome becomes the notice. */
  const confirmOne = async (
    agreement: Agreement,
    action: Decision | 'reopen',
    reason: string | null,
  ) => {
    closeDialog();
    setNotice(null);
    const outcome =
      action === 'reopen'
        ? await reopen(agreement, reason ?? '')
        : await decide(agreement, action, reason);
    const next = noticeAfter(agreement, action, reason, outcome);
    if (next === 'session-ended') setSessionEnded(true);
    else setNotice(next);
  };

  if (sessionEnded) return <SignInPrompt ended />;

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
      <AgreementFilters params={params} sales={sales} onChange={(next) => navigate(next)} />
      {offlineNavigation && (
        <div className="notice" data-kind="failed" role="alert" data-testid="offline-navigation">
          <p>{t('offlineNavigation')}</p>
          <button
            type="button"
            className="button-secondary"
            onClick={() => setOfflineNavigation(false)}
          >
            {t('dismiss')}
          </button>
        </div>
      )}

      <div className="agreements__heading">
        <h2 id="agreements-list-title" ref={headingRef} tabIndex={-1}>
          {params.sale
            ? t('listTitleSale', {
                status: params.status,
                sale:
                  sales.find((sale) => sale.auctionId === params.sale)?.saleTitle ?? params.sale,
              })
            : t('listTitle', { status: params.status })}
        </h2>
        <p className="agreements__total" data-total={counts.total}>
          {counts.leftHere > 0
            ? t('totalChanged', {
                count: counts.total,
                changed: counts.leftHere,
                status: params.status,
              })
            : t('total', { count: counts.total })}
        </p>
        <div className="actions">
          <ExportLink href={exportHref(params)} {...csvExport.link}>
            {t('export')}
          </ExportLink>
          <ExportLink
            href={exportHref(params, 'xlsx')}
            exporting={csvExport.link.exporting}
            onExport={csvExport.link.onExport}
          >
            {t('exportXlsx')}
          </ExportLink>
          {/* A report needs the sale's catalogue (lots offered, estimates). */}
          {params.sale && sales.some((sale) => sale.auctionId === params.sale) && (
            <a
              className="button button-secondary"
              href={`/agreements?sale=${encodeURIComponent(params.sale)}&view=report`}
            >
              {tReport('openReport')}
            </a>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {navigating ? t('loadingPage') : t('pageInfo', { count: counts.onPage })}
      </p>

      <ExportNotice {...csvExport.notice} />
      <ReviewNotice
        notice={notice}
        onRetry={(failed) =>
          openDialog({
            kind: failed.decision,
            agreement: failed.agreement,
            reason: failed.reason ?? undefined,
          })
        }
        onDismiss={() => setNotice(null)}
      />

      <BulkBar
        selectable={bulk.selectable}
        chosen={bulk.chosen}
        approvable={bulk.approvable}
        state={bulk.state}
        onSelectAll={bulk.selectAll}
        onDecide={(decision) =>
          openDialog({
            kind: 'bulk',
            decision,
            // A bulk approval sends only the rows this viewer may approve; a rejection, them all.
            agreements: decision === 'approve' ? bulk.approvable : bulk.chosen,
            leftOut: decision === 'approve' ? bulk.chosen.length - bulk.approvable.length : 0,
          })
        }
        onRetry={(retry) => confirmBulk(retry.agreements, retry.decision, retry.reason)}
        // The notice holding the button goes with the old page: the focus goes to the list.
        onRefresh={() => {
          refresh();
          headingRef.current?.focus();
        }}
        onDismiss={bulk.dismiss}
      />

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
            viewer={viewer}
            selected={bulk.selected}
            onSelect={bulk.select}
            outcomes={bulk.outcomes}
            onAction={(action: RowAction) => openDialog(action)}
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

      {/* Last in the section and held at the foot of the screen (sticky): appearing, it moves no
          row under the pointer of someone about to click Approve or Reject. */}
      {hasChanges && (
        <div className="notice" data-kind="changes" role="status">
          <p>{t('changes', { changed: changedElsewhere.size, added: changes.added })}</p>
          <button type="button" onClick={refresh}>
            {t('refresh')}
          </button>
        </div>
      )}

      <ReviewDialogs
        dialog={dialog}
        dialogKey={dialogKey}
        viewer={viewer}
        onClose={closeDialog}
        onConfirmOne={(agreement, action, reason) => void confirmOne(agreement, action, reason)}
        onConfirmBulk={confirmBulk}
        onSessionEnded={endSession}
      />
    </section>
  );
}
