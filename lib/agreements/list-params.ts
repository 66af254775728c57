import { agreementStatuses, type AgreementStatus } from './agreement';

/** What the agreements screen shows, kept in its URL so a reload or a shared link shows the same. */
export interface ListParams {
  status: AgreementStatus;
  /** Text searched in lot and buyer; empty for none. */
  q: string;
  /** The page after this cursor; null for the first page. */
  cursor: string | null;
}

export const defaultListParams: ListParams = { status: 'pending', q: '', cursor: null };

const maxQueryLength = 200;

const isStatus = (value: string | null): value is AgreementStatus =>
  (agreementStatuses as readonly (string | null)[]).includes(value);

/** Reads the screen's parameters from a URL's query; anything unknown falls back to the default. */
export function readListParams(search: URLSearchParams): ListParams {
  const status = search.get('status');
  return {
    status: isStatus(status) ? status : defaultListParams.status,
    q: (search.get('q') ?? '').trim().slice(0, maxQueryLength).trim(),
    cursor: search.get('cursor') || null,
  };
}

function toSearch(params: ListParams, includeDefaults: boolean): URLSearchParams {
  const search = new URLSearchParams();
  if (includeDefaults || params.status !== defaultListParams.status)
    search.set('status', params.status);
  if (params.q) search.set('q', params.q);
  if (params.cursor) search.set('cursor', params.cursor);
  return search;
}

/** The screen's own URL for these parameters (defaults left out: `/agreements` is the start). */
export function listPageHref(params: ListParams): string {
  const query = toSearch(params, false).toString();
  return query ? `/agreements?${query}` : '/agreements';
}

/** The API call that loads these parameters. */
export function listApiPath(params: ListParams, limit: number): `/api/${string}` {
  const search = toSearch(params, true);
  search.set('limit', String(limit));
  return `/api/agreements?${search.toString()}`;
}
