'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { agreementStatuses, type AgreementStatus } from '@/lib/agreements/agreement';
import type { ListParams } from '@/lib/agreements/list-params';

/** Status and text search; each change starts again from the first page. */
export function AgreementFilters({
  params,
  onChange,
}: {
  params: ListParams;
  onChange: (next: ListParams) => void;
}) {
  const t = useTranslations('AgreementsReview');
  const statusId = useId();
  const searchId = useId();
  const [q, setQ] = useState(params.q);
  const [shownQ, setShownQ] = useState(params.q);
  // Back and forward change the URL's search: the field follows it.
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setQ(params.q);
  }

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...params, q: q.trim(), cursor: null });
  };

  return (
    <form
      className="agreement-filters"
      role="search"
      aria-label={t('filtersTitle')}
      onSubmit={search}
    >
      <div className="field">
        <label htmlFor={statusId}>{t('status')}</label>
        <select
          id={statusId}
          value={params.status}
          onChange={(event) =>
            onChange({ ...params, status: event.target.value as AgreementStatus, cursor: null })
          }
        >
          {agreementStatuses.map((status) => (
            <option key={status} value={status}>
              {t(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={searchId}>{t('search')}</label>
        <input
          id={searchId}
          type="search"
          name="q"
          value={q}
          maxLength={200}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit">{t('searchSubmit')}</button>
        {params.q && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => onChange({ ...params, q: '', cursor: null })}
          >
            {t('clear')}
          </button>
        )}
      </div>
    </form>
  );
}
