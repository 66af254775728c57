'use client';

import type { ErrorInfo } from 'next/error';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { reportError } from '@/lib/errors/client-reporter';
import { useServiceDown } from '@/lib/errors/use-service-down';

/**
 * The error screen of every area: reported once, translated, and focused for screen readers.
 * `retry` (Next 16.3+) refetches the segment's server part and renders it again, so a passing
 * failure such as a chunk that did not load recovers without a full reload.
 */
export function AreaError({ error, retry }: ErrorInfo) {
  const t = useTranslations('AreaError');
  const heading = useRef<HTMLHeadingElement>(null);
  // The database down (§15): the screen says so and comes back by itself when it answers.
  const down = useServiceDown(retry);

  useEffect(() => {
    // Boundaries catch what would otherwise be unhandled, so the global handler never sees it.
    reportError(error);
    heading.current?.focus();
  }, [error]);

  return (
    <section className="area-error" aria-labelledby="area-error-title">
      <h1 id="area-error-title" ref={heading} tabIndex={-1}>
        {down ? t('unavailableTitle') : t('title')}
      </h1>
      <p role={down ? 'status' : undefined}>{down ? t('unavailableBody') : t('body')}</p>
      <div className="actions">
        <button type="button" onClick={retry}>
          {t('retry')}
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load is the way out when the client app itself is broken (stale chunks after a deploy) */}
        <a href="/">{t('home')}</a>
      </div>
    </section>
  );
}
