'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type FormEvent } from 'react';
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
  // The field is read when the form is sent, not mirrored in state: text typed while the page is
  // still hydrating (no input event reaches React then) is searched for, not silently dropped.
  const field = useRef<HTMLInputElement>(null);
  const shownQ = useRef(params.q);
  // Back and forward change the URL's search: the field follows it (and only then).
  useEffect(() => {
    if (shownQ.current === params.q) return;
    shownQ.current = params.q;
    if (field.current) field.current.value = params.q;
  }, [params.q]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    onChange({ ...params, q: typeof q === 'string' ? q.trim() : '', cursor: null });
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
          name="status"
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
          ref={field}
          defaultValue={params.q}
          maxLength={200}
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
