// A sale's catalogue as the API answers it (docs/product-contract.md §11), shared by the server
// that builds it and the browser that validates it. zod/mini: this module runs in the browser.
import * as z from 'zod/mini';

const isoDateTime = z.iso.datetime({ offset: true });

/** One lot of a sale's catalogue. Amounts are integers in minor units of `currency`. */
export const lotSchema = z.object({
  auctionId: z.string(),
  lotId: z.string(),
  /** The running order in the saleroom, unique within the sale. */
  lotNumber: z.int(),
  lotTitle: z.string(),
  currency: z.string(),
  lowEstimate: z.int(),
  highEstimate: z.int(),
  /** Null: offered without reserve. */
  reserve: z.nullable(z.int()),
  startingBid: z.int(),
  scheduledCloseAt: z.nullable(isoDateTime),
});
export type Lot = z.infer<typeof lotSchema>;

/** `GET /api/sales/{auctionId}`: the sale and its lots in lot-number order. */
export const saleSchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  lots: z.array(lotSchema),
});
export type Sale = z.infer<typeof saleSchema>;

/** One line of `GET /api/sales`: `currencies` is the sorted list of its lots' currencies. */
export const saleSummarySchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  lotCount: z.int(),
  currencies: z.array(z.string()),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const saleListSchema = z.object({ items: z.array(saleSummarySchema) });
export type SaleList = z.infer<typeof saleListSchema>;

/**
 * `GET /api/sales?include=lots`: each line of the list with its lots as `GET /api/sales/{id}`
 * answers them, so the dashboard reads the catalogue in one request instead of one per sale.
 */
export const catalogueSchema = z.object({
  items: z.array(z.extend(saleSummarySchema, { lots: z.array(lotSchema) })),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** A lot as the platform's catalogue ingest answers it: the lot and the title of its sale. */
export const catalogueLotSchema = z.extend(lotSchema, { saleTitle: z.string() });
export type CatalogueLot = z.infer<typeof catalogueLotSchema>;
