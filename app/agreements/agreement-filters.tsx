'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import {
  agreementSorts,
  agreementStatuses,
  type AgreementSort,
  type AgreementStatus,
} from '@/lib/agreements/agreement';
import { cleanListText, type ListParams } from '@/lib/agreements/list-params';
import { FilterSelect } from './filter-select';

export interface SaleOption {
  auctionId: string;
  saleTitle: string;
}

/**
 * Status, sale, order and text search; each change starts again from the first page. A select's
 * choice applies once made (`FilterSelect`), the search when it is sent.
 */
export function AgreementFilters({
  params,
  sales,
  onChange,
}: {
  params: ListParams;
  /** The catalogue's sales; a sale in the URL but not in the catalogue is offered too. */
  sales: readonly SaleOption[];
  onChange: (next: ListParams) => void;
}) {
  const t = useTranslations('AgreementsReview');
  const statusId = useId();
  const saleId = useId();
  const sortId = useId();
  const saleOptions =
    params.sale && !sales.some((sale) => sale.auctionId === params.sale)
      ? [...sales, { auctionId: params.sale, saleTitle: params.sale }]
      : sales;
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
    onChange({ ...params, q: typeof q === 'string' ? cleanListText(q) : '', cursor: null });
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
        <FilterSelect
          id={statusId}
          name="status"
          value={params.status}
          onCommit={(status) =>
            onChange({ ...params, status: status as AgreementStatus, cursor: null })
          }
        >
          {agreementStatuses.map((status) => (
            <option key={status} value={status}>
              {t(status)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="field">
        <label htmlFor={saleId}>{t('sale')}</label>
        <FilterSelect
          id={saleId}
          name="sale"
          value={params.sale}
          onCommit={(sale) => onChange({ ...params, sale, cursor: null })}
        >
          <option value="">{t('allSales')}</option>
          {saleOptions.map((sale) => (
            <option key={sale.auctionId} value={sale.auctionId}>
              {sale.saleTitle}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="field">
        <label htmlFor={sortId}>{t('sort')}</label>
        <FilterSelect
          id={sortId}
          name="sort"
          value={params.sort}
          onCommit={(sort) => onChange({ ...params, sort: sort as AgreementSort, cursor: null })}
        >
          {agreementSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort_${sort}`)}
            </option>
          ))}
        </FilterSelect>
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
