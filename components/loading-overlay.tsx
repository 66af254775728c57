'use client';

import { useTranslations } from 'next-intl';
import { useLoadingVisible } from '@/lib/loading/use-loading-visible';

/**
 * Shown while any foreground API call is in flight. The status region stays mounted so screen
 * readers announce the change; the backdrop takes pointer clicks while it is visible.
 */
export function LoadingOverlay() {
  const t = useTranslations('LoadingOverlay');
  const visible = useLoadingVisible();

  return (
    <>
      <div role="status" aria-live="polite" className="visually-hidden">
        {visible ? t('loading') : ''}
      </div>
      <div
        className="loading-overlay"
        data-visible={visible}
        hidden={!visible}
        data-testid="loading-overlay"
      >
        <div className="loading-overlay__spinner" aria-hidden="true" />
      </div>
    </>
  );
}
