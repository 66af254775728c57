import { apiRequest } from '@/lib/api/api-client';
import { catalogueSchema, flagsReadSchema, type DeskCatalogue, type FlagsRead } from './lot';

/**
 * Every sale with its lots and their state in the console's record (docs/product-contract.md §11,
 * §13), in one request. Background calls: the dashboard refreshes this on its own, the loading
 * overlay is not raised for it.
 */
export async function loadCatalogue(signal?: AbortSignal): Promise<DeskCatalogue> {
  const { items, recordedThrough, flags } = await apiRequest('/api/sales?include=lots', {
    schema: catalogueSchema,
    background: true,
    signal,
  });
  return { sales: items, recordedThrough, flags };
}

/**
 * The flags the recorder raised after `after` (a `recordedThrough` read before), every sale's,
 * newest first, and how far the record reaches: read a few seconds after bids arrive, since the
 * recorder, not this browser, raises flags.
 */
export function loadFlags(after: string | null, signal?: AbortSignal): Promise<FlagsRead> {
  const since = after === null ? '' : `&after=${encodeURIComponent(after)}`;
  return apiRequest(`/api/sales?include=flags${since}`, {
    schema: flagsReadSchema,
    background: true,
    signal,
  });
}
