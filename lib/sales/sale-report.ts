// A sale's report as `GET /api/sales/{auctionId}/report` answers it (docs/product-contract.md
// §12), shared by the server that builds it and the browser that validates it. zod/mini: this
// module runs in the browser.
import * as z from 'zod/mini';

/**
 * One currency of the sale. `approved`, `pending`, `rejected`: the sums of the sale's agreements
 * in this currency by status. `lowEstimate`, `highEstimate`: the sums of the estimates of the lots
 * in this currency that have a non-rejected agreement. All in minor units of `currency`.
 */
export const saleReportTotalSchema = z.object({
  currency: z.string(),
  approved: z.number(),
  pending: z.number(),
  rejected: z.number(),
  lowEstimate: z.number(),
  highEstimate: z.number(),
});
export type SaleReportTotal = z.infer<typeof saleReportTotalSchema>;

export const saleReportSchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  /** `offered`: the lots of the catalogue; `withAgreement`: those with a non-rejected agreement. */
  lots: z.object({ offered: z.int(), withAgreement: z.int(), withoutAgreement: z.int() }),
  /** `withAgreement / offered`, from 0 to 1, not rounded (a reported sale has at least one lot). */
  soldRate: z.number(),
  /** Every currency of the sale's lots and agreements, by currency code. */
  totals: z.array(saleReportTotalSchema),
});
export type SaleReport = z.infer<typeof saleReportSchema>;
