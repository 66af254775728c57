import type { ApiPath } from '@/lib/api/api-client';
import { controlCharacterRuns } from '@/lib/validation/control-characters';
import { isActivityKind, type ActivityKind } from './activity-kinds';

/**
 * What the activity log shows (contract §15), kept in its URL so a reload or a shared link shows
 * the same, and sent as is to `GET /api/activity` and its CSV export.
 */
export interface ActivityFilters {
  /** A login id: who acted (or was tried, for a failed sign-in); empty for anyone. */
  person: string;
  kind: ActivityKind | '';
  /** Calendar days, `YYYY-MM-DD`, both included; empty for no bound. */
  from: string;
  to: string;
}

export const noActivityFilters: ActivityFilters = { person: '', kind: '', from: '', to: '' };

/** Events per page of the log. */
export const activityPageLimit = 50;

const maxPersonLength = 254;

/** A real calendar day written `YYYY-MM-DD` (not `2026-02-30`). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A login id as the API compares it: trimmed, lower-cased, no control characters. */
export const cleanPerson = (value: string | null): string =>
  (value ?? '').replace(controlCharacterRuns, '').trim().toLowerCase().slice(0, maxPersonLength);

/** Reads the filters from a URL's query; anything unknown or malformed is left out. */
export function readActivityFilters(search: URLSearchParams): ActivityFilters {
  const kind = search.get('kind');
  const day = (name: 'from' | 'to') => {
    const value = search.get(name) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  return {
    person: cleanPerson(search.get('person')),
    kind: isActivityKind(kind) ? kind : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The filters set, in a fixed order. */
export function activitySearch(filters: ActivityFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of ['person', 'kind', 'from', 'to'] as const)
    if (filters[name]) search.set(name, filters[name]);
  return search;
}

/** The screen's own URL for these filters. */
export function activityPageHref(filters: ActivityFilters): string {
  const query = activitySearch(filters).toString();
  return query ? `/activity?${query}` : '/activity';
}

/** The API call for one page of the log: the first, or the one after `cursor`. */
export function activityApiPath(filters: ActivityFilters, cursor: string | null): ApiPath {
  const search = activitySearch(filters);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(activityPageLimit));
  return `/api/activity?${search.toString()}`;
}

/** The CSV export of everything these filters match. */
export function activityExportPath(filters: ActivityFilters): ApiPath {
  const search = activitySearch(filters);
  search.set('format', 'csv');
  return `/api/activity?${search.toString()}`;
}
