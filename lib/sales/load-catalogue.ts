import { apiRequest } from '@/lib/api/api-client';
import { saleListSchema, saleSchema, type Sale } from './lot';

/**
 * Every sale with its lots (docs/product-contract.md §11): the list, then each sale. Background
 * calls: the dashboard refreshes this on its own, the loading overlay is not raised for it.
 */
export async function loadCatalogue(signal?: AbortSignal): Promise<Sale[]> {
  const list = await apiRequest('/api/sales', { schema: saleListSchema, background: true, signal });
  return Promise.all(
    list.items.map((sale) =>
      apiRequest(`/api/sales/${encodeURIComponent(sale.auctionId)}`, {
        schema: saleSchema,
        background: true,
        signal,
      }),
    ),
  );
}
