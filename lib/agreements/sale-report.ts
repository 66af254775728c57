// A sale's report as `GET /api/sales/{auctionId}/report` answers it (docs/product-contract.md
// §12), shared by the server that builds it and the browser that validates it. zod/mini: this
// module runs in the browser.
import * as z from 'zod/mini';
import { agreementStatuses } from './agreement';
import { lotStateShape } from '@/lib/sales/lot';

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

/**
 * One catalogued lot: its estimate (minor units of `currency`), its state in the sale record
 * (§13: `hammer` only when `sold`), the agreement that speaks for it and its flags by review state.
 */
export const saleReportLotSchema = z.object({
  lotId: z.string(),
  lotNumber: z.int(),
  lotTitle: z.string(),
  currency: z.string(),
  lowEstimate: z.int(),
  highEstimate: z.int(),
  status: lotStateShape.status,
  hammer: z.nullable(z.int()),
  bids: z.int(),
  bidders: z.int(),
  /**
   * Its newest agreement that is not rejected, else its newest (a lot sold again after a rejection
   * shows the re-sale); null when the platform sent none. Newest: the latest `closedAt`, then the
   * last received.
   */
  agreement: z.nullable(z.object({ id: z.string(), status: z.enum(agreementStatuses) })),
  flags: z.object({ open: z.int(), escalated: z.int(), cleared: z.int() }),
});
export type SaleReportLot = z.infer<typeof saleReportLotSchema>;

/**
 * Sold by value in one currency: over the lots the record gives as `sold` with a hammer, in this
 * currency, `hammer` (the sum of their hammers) over `lowEstimate` (the sum of their low
 * estimates). `rate` is not rounded, and null when those low estimates sum to zero.
 */
export const soldByValueSchema = z.object({
  currency: z.string(),
  lots: z.int(),
  hammer: z.number(),
  lowEstimate: z.number(),
  rate: z.nullable(z.number()),
});
export type SoldByValue = z.infer<typeof soldByValueSchema>;

export const saleReportSchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  /** `offered`: the lots of the catalogue; `withAgreement`: those with a non-rejected agreement. */
  lotCounts: z.object({ offered: z.int(), withAgreement: z.int(), withoutAgreement: z.int() }),
  /**
   * Sold by lots: `withAgreement / offered`, from 0 to 1, not rounded (a reported sale has at
   * least one lot). It counts agreements, not hammers: a lot the platform sold and the back office
   * rejected is not sold here.
   */
  soldRate: z.number(),
  /** One line per currency of the sold lots, by currency code; empty until a lot is sold. */
  soldByValue: z.array(soldByValueSchema),
  /** Every currency of the sale's lots and agreements, by currency code. */
  totals: z.array(saleReportTotalSchema),
  /** Every catalogued lot, in lot-number order. */
  lots: z.array(saleReportLotSchema),
});
export type SaleReport = z.infer<typeof saleReportSchema>;
