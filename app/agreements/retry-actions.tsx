'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

/**
 * The buttons under a failure of this screen: "Try again" and "Dismiss". `first` goes before them
 * (a bulk decision that may be saved in part offers Refresh first, and Try again steps back).
 */
export function RetryActions({
  onRetry,
  onDismiss,
  first,
}: {
  onRetry: () => void;
  onDismiss: () => void;
  first?: ReactNode;
}) {
  const t = useTranslations('AgreementsReview');
  return (
    <div className="actions">
      {first}
      <button type="button" className={first ? 'button-secondary' : undefined} onClick={onRetry}>
        {t('retry')}
      </button>
      <button type="button" className="button-secondary" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
