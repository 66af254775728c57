import 'server-only';
import type { AgreementStatus } from '@/lib/agreements/agreement';
import type { SaleReport, SaleReportTotal } from '@/lib/sales/sale-report';

/** The sale's catalogued lots of one currency, as the database counts them (report.ts). */
export interface LotTally {
  currency: string;
  offered: number;
  /** Lots with at least one agreement that is not rejected. */
  withAgreement: number;
  /** Estimate sums over those lots only. */
  lowEstimate: number;
  highEstimate: number;
}

/** The sum of the sale's agreements of one currency and status (report.ts). */
export interface AgreementTally {
  currency: string;
  status: AgreementStatus;
  amount: number;
}

const emptyTotal = (currency: string): SaleReportTotal => ({
  currency,
  approved: 0,
  pending: 0,
  rejected: 0,
  lowEstimate: 0,
  highEstimate: 0,
});

/**
 * The report of a sale from its tallies (contract §12). Lot counts come from the catalogue only;
 * the money from every agreement of the sale, in its own currency (see report.ts for why an
 * agreement of an uncatalogued lot counts there). `lots` must not be empty: a sale without a
 * catalogued lot has no report (404), so `soldRate` always has a denominator.
 */
export function shapeSaleReport(
  sale: { auctionId: string; saleTitle: string },
  lots: readonly LotTally[],
  agreements: readonly AgreementTally[],
): SaleReport {
  const totals = new Map<string, SaleReportTotal>();
  const totalOf = (currency: string) => {
    let total = totals.get(currency);
    if (!total) totals.set(currency, (total = emptyTotal(currency)));
    return total;
  };
  let offered = 0;
  let withAgreement = 0;
  for (const tally of lots) {
    offered += tally.offered;
    withAgreement += tally.withAgreement;
    const total = totalOf(tally.currency);
    total.lowEstimate += tally.lowEstimate;
    total.highEstimate += tally.highEstimate;
  }
  for (const tally of agreements) totalOf(tally.currency)[tally.status] += tally.amount;
  return {
    auctionId: sale.auctionId,
    saleTitle: sale.saleTitle,
    lots: { offered, withAgreement, withoutAgreement: offered - withAgreement },
    // Not rounded: the screen formats it in the locale's way.
    soldRate: withAgreement / offered,
    // Currency codes are three capital letters (both ingests check it): code-point order is A-Z.
    totals: [...totals.values()].sort((a, b) =>
      a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0,
    ),
  };
}
