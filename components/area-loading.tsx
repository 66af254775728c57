import { getTranslations } from 'next-intl/server';

/** Shown while an area's segment loads. */
export async function AreaLoading() {
  const t = await getTranslations('AreaLoading');
  return (
    <div className="area-loading" role="status" aria-live="polite">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('label')}</span>
    </div>
  );
}
