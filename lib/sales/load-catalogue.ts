import { apiRequest } from '@/lib/api/api-client';
import { catalogueSchema, type Sale } from './lot';

/**
 * Every sale with its lots (docs/product-contract.md §11), in one request. Background calls: the
 * dashboard refreshes this on its own, the loading overlay is not raised for it.
 */
export async function loadCatalogue(signal?: AbortSignal): Promise<Sale[]> {
  const { items } = await apiRequest('/api/sales?include=lots', {
    schema: catalogueSchema,
    background: true,
    signal,
  });
  return items.map(({ auctionId, saleTitle, lots }) => ({ auctionId, saleTitle, lots }));
}
