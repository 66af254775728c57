'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition, type MouseEvent } from 'react';
import { RoleNotice, SignInPrompt } from '@/components/access-notices';
import {
  activityExportPath,
  activityPageHref,
  type ActivityFilters,
} from '@/lib/activity/activity-filters';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import { ActivityFiltersForm } from './activity-filters-form';
import { ActivityList } from './activity-list';
import { useFileDownload } from '@/lib/api/use-file-download';
import { useActivityLog } from './use-activity-log';
import './activity.css';

/**
 * The activity log (contract §15, supervisors and admins): filters kept in the URL, the events
 * newest first a page at a time, and the CSV export of the same filters.
 */
export function ActivityLog({ filters }: { filters: ActivityFilters }) {
  const t = useTranslations('Activity');
  const errorText = useApiErrorText();
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const log = useActivityLog(filters);
  const csv = useFileDownload('activity.csv');
  const heading = useRef<HTMLHeadingElement>(null);
  const exportLink = useRef<HTMLAnchorElement>(null);
  // "Load more" takes the focus to the first event it brought, once it is shown.
  const focusEvent = useRef<string | null>(null);
  useEffect(() => {
    const id = focusEvent.current;
    if (id === null) return;
    focusEvent.current = null;
    [...document.querySelectorAll<HTMLElement>('[data-event]')]
      .find((element) => element.dataset.event === id)
      ?.focus();
  }, [log.items]);

  if (log.sessionEnded)
    return <SignInPrompt ended title={t('signedOutTitle')} body={t('signedOutBody')} />;
  if (log.forbidden) return <RoleNotice title={t('refusedTitle')} body={t('refusedBody')} />;

  const applyFilters = (next: ActivityFilters) => {
    csv.dismiss();
    startNavigation(() => router.push(activityPageHref(next), { scroll: false }));
  };

  const loadMore = async () => {
    const [first] = await log.loadMore();
    if (first) focusEvent.current = first.id;
  };

  const exportHref = activityExportPath(filters);
  const exportClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A click with a modifier (save as, a new tab) is the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void csv.start(exportHref);
  };

  // A notice's buttons go with it: the focus goes back to what it is about.
  const exportFailure = csv.failure;
  const retryExport = (href: typeof exportHref) => {
    exportLink.current?.focus();
    void csv.start(href);
  };
  const dismissExport = () => {
    exportLink.current?.focus();
    csv.dismiss();
  };
  const retryLoad = () => {
    heading.current?.focus();
    void log.retry();
  };

  const { status } = log;
  const failed = status.state === 'failed' || status.state === 'more-failed' ? status : null;
  return (
    <div className="activity">
      <ActivityFiltersForm filters={filters} onChange={applyFilters} />
      <section className="card" aria-labelledby="activity-list-title">
        <div className="activity__heading">
          <h2 id="activity-list-title" ref={heading} tabIndex={-1}>
            {t('listTitle')}
          </h2>
          <a
            ref={exportLink}
            className="button button-secondary"
            href={exportHref}
            download
            aria-busy={csv.downloading || undefined}
            onClick={exportClick}
          >
            {t('export')}
          </a>
        </div>
        <div role="status" className="activity__status">
          {csv.downloading && <p>{t('exporting')}</p>}
          {status.state === 'loading' && <p>{t('loading')}</p>}
          {status.state === 'loaded' && log.items.length === 0 && (
            <p className="empty">{t('empty')}</p>
          )}
          {log.items.length > 0 && (
            <p className="activity__count">{t('shown', { count: log.items.length })}</p>
          )}
        </div>
        {exportFailure && (
          <div className="notice" data-kind="failed" role="alert">
            <p>{t('exportFailed', { reason: errorText(exportFailure.error) })}</p>
            <div className="actions">
              <button type="button" onClick={() => retryExport(exportFailure.href)}>
                {t('retry')}
              </button>
              <button type="button" className="button-secondary" onClick={dismissExport}>
                {t('dismiss')}
              </button>
            </div>
          </div>
        )}
        <div aria-busy={navigating || status.state === 'loading' || undefined}>
          <ActivityList items={log.items} />
        </div>
        {failed && (
          <div className="notice" data-kind="load-failed" role="alert">
            <p>{t('loadFailed', { reason: errorText(failed.error) })}</p>
            <div className="actions">
              <button type="button" onClick={retryLoad}>
                {t('retry')}
              </button>
            </div>
          </div>
        )}
        {log.nextCursor && status.state !== 'more-failed' && (
          <div className="pager">
            <button
              type="button"
              className="button-secondary"
              aria-disabled={status.state === 'loading-more' || undefined}
              onClick={() => void loadMore()}
            >
              {status.state === 'loading-more' ? t('loadingMore') : t('loadMore')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
