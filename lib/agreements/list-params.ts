import {
  agreementSorts,
  agreementStatuses,
  defaultAgreementSort,
  type AgreementSort,
  type AgreementStatus,
} from './agreement';
import { controlCharacterRuns } from '@/lib/validation/control-characters';
import type { ApiPath } from '@/lib/api/api-client';

/** What the agreements screen shows, kept in its URL so a reload or a shared link shows the same. */
export interface ListParams {
  status: AgreementStatus;
  /** Text searched in lot title, lot id, sale id and buyer; empty for none. */
  q: string;
  /** One sale's `auctionId`; empty for every sale. */
  sale: string;
  sort: AgreementSort;
  /** The page after this cursor; null for the first page. */
  cursor: string | null;
}

export const defaultListParams: ListParams = {
  status: 'pending',
  q: '',
  sale: '',
  sort: defaultAgreementSort,
  cursor: null,
};

const maxQueryLength = 200;
const maxSaleLength = 100;

const isStatus = (value: string | null): value is AgreementStatus =>
  (agreementStatuses as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is AgreementSort =>
  (agreementSorts as readonly (string | null)[]).includes(value);

/**
 * A search or sale as the API takes it: control characters (a tab or a line break pasted from
 * a spreadsheet's cells) become spaces, which the API would refuse; trimmed, and cut at `max`.
 */
export const cleanListText = (value: string | null, max = maxQueryLength): string =>
  (value ?? '').replace(controlCharacterRuns, ' ').trim().slice(0, max).trim();

/** Reads the screen's parameters from a URL's query; anything unknown falls back to the default. */
export function readListParams(search: URLSearchParams): ListParams {
  const status = search.get('status');
  const sort = search.get('sort');
  return {
    status: isStatus(status) ? status : defaultListParams.status,
    q: cleanListText(search.get('q')),
    sale: cleanListText(search.get('sale'), maxSaleLength),
    sort: isSort(sort) ? sort : defaultListParams.sort,
    cursor: search.get('cursor') || null,
  };
}

function toSearch(params: ListParams, includeDefaults: boolean): URLSearchParams {
  const search = new URLSearchParams();
  if (includeDefaults || params.status !== defaultListParams.status)
    search.set('status', params.status);
  if (params.sale) search.set('sale', params.sale);
  if (params.q) search.set('q', params.q);
  if (includeDefaults || params.sort !== defaultListParams.sort) search.set('sort', params.sort);
  if (params.cursor) search.set('cursor', params.cursor);
  return search;
}

/** The screen's own URL for these parameters (defaults left out: `/agreements` is the start). */
export function listPageHref(params: ListParams): string {
  const query = toSearch(params, false).toString();
  return query ? `/agreements?${query}` : '/agreements';
}

/** The API call that loads these parameters. */
export function listApiPath(params: ListParams, limit: number): ApiPath {
  const search = toSearch(params, true);
  search.set('limit', String(limit));
  return `/api/agreements?${search.toString()}`;
}

/** The CSV export of every agreement the filter shows, in its order (contract §12). */
export function exportHref(params: ListParams, format: 'csv' | 'xlsx' = 'csv'): ApiPath {
  const search = toSearch({ ...params, cursor: null }, true);
  // The same rows as an Excel workbook (contract §14); CSV is the export's default.
  if (format === 'xlsx') search.set('format', 'xlsx');
  return `/api/agreements/export?${search.toString()}`;
}
