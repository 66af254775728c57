'use client';

import { useTranslations } from 'next-intl';
import { useApiErrorText } from '@/lib/api/use-api-error-text';
import type { SaleDeskSnapshot } from '@/lib/realtime/sale-desk-store';

/**
 * The catalogue could not be read and none came before: lot numbers, estimates and reserves are
 * missing, which the board and the lot panel would otherwise present as facts. Said, with why,
 * and a retry (the 30-s reads keep trying too). Once a catalogue came, a failed re-read keeps it
 * and says nothing.
 */
export function CatalogueNotice({
  desk,
  onRetry,
}: {
  desk: Pick<SaleDeskSnapshot, 'catalogueLoaded' | 'catalogueError'>;
  onRetry: () => void;
}) {
  const t = useTranslations('SaleDesk');
  const errorText = useApiErrorText();
  if (desk.catalogueLoaded || desk.catalogueError === null) return null;
  return (
    <div className="notice" data-kind="load-failed" role="alert" data-testid="catalogue-failed">
      <p>{t('catalogueFailed', { reason: errorText(desk.catalogueError) })}</p>
      <button type="button" onClick={onRetry}>
        {t('catalogueRetry')}
      </button>
    </div>
  );
}
