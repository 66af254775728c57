import 'server-only';
import type { AgreementStatus } from '@/lib/agreements/agreement';
import type { RecordedLot } from '@/lib/sales/lot';
import type {
  SaleReport,
  SaleReportLot,
  SaleReportTotal,
  SoldByValue,
} from '@/lib/agreements/sale-report';

/** The sum of the sale's agreements of one currency and status (report.ts). */
export interface AgreementTally {
  currency: string;
  status: AgreementStatus;
  amount: number;
}

/** What report.ts reads of a lot: its catalogue entry and its state, as the sale read has them. */
export type ReportedLot = Pick<
  RecordedLot,
  | 'lotId'
  | 'lotNumber'
  | 'lotTitle'
  | 'currency'
  | 'lowEstimate'
  | 'highEstimate'
  | 'status'
  | 'hammer'
  | 'bids'
  | 'bidders'
>;

/** One line of the lot table (contract §14). */
export function reportLot(
  lot: ReportedLot,
  agreement: SaleReportLot['agreement'],
  flags: SaleReportLot['flags'],
): SaleReportLot {
  return {
    lotId: lot.lotId,
    lotNumber: lot.lotNumber,
    lotTitle: lot.lotTitle,
    currency: lot.currency,
    lowEstimate: lot.lowEstimate,
    highEstimate: lot.highEstimate,
    status: lot.status,
    // The reducer already clears it when a lot is opened again; said here because the contract
    // promises it.
    hammer: lot.status === 'sold' ? lot.hammer : null,
    bids: lot.bids,
    bidders: lot.bidders,
    agreement,
    flags: { open: flags.open, escalated: flags.escalated, cleared: flags.cleared },
  };
}

// Currency codes are three capital letters (both ingests check it): code-point order is A-Z.
const byCurrency = (a: { currency: string }, b: { currency: string }) =>
  a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

/**
 * Sold by value per currency: the sold lots' hammers over their own low estimates. A lot sold
 * whose winning bid was never recorded has no hammer and stays out of both sums, so the two
 * always cover the same lots. Hammer and estimate are compared in the lot's currency: the desk
 * shows a hammer in it too.
 */
export function soldByValue(lots: readonly SaleReportLot[]): SoldByValue[] {
  const lines = new Map<string, SoldByValue>();
  for (const lot of lots) {
    if (lot.status !== 'sold' || lot.hammer === null) continue;
    let line = lines.get(lot.currency);
    if (!line) {
      line = { currency: lot.currency, lots: 0, hammer: 0, lowEstimate: 0, rate: null };
      lines.set(lot.currency, line);
    }
    line.lots += 1;
    line.hammer += lot.hammer;
    line.lowEstimate += lot.lowEstimate;
  }
  return [...lines.values()]
    .map((line) => ({
      ...line,
      rate: line.lowEstimate > 0 ? line.hammer / line.lowEstimate : null,
    }))
    .sort(byCurrency);
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
 * The report of a sale from its lot table and its agreement tallies (contract §12, §14). Lot
 * counts and estimate sums come from the table (its catalogued lots), so they cannot disagree
 * with it; the money from every agreement of the sale, in its own currency (see report.ts for
 * why an agreement of an uncatalogued lot counts there). `lots` must not be empty: a sale without
 * a catalogued lot has no report (404), so `soldRate` always has a denominator.
 */
export function shapeSaleReport(
  sale: { auctionId: string; saleTitle: string },
  lots: readonly SaleReportLot[],
  agreements: readonly AgreementTally[],
): SaleReport {
  const totals = new Map<string, SaleReportTotal>();
  const totalOf = (currency: string) => {
    let total = totals.get(currency);
    if (!total) totals.set(currency, (total = emptyTotal(currency)));
    return total;
  };
  let withAgreement = 0;
  for (const lot of lots) {
    const total = totalOf(lot.currency);
    // The lot's agreement is its newest non-rejected one when it has any: rejected means none.
    if (lot.agreement === null || lot.agreement.status === 'rejected') continue;
    withAgreement += 1;
    total.lowEstimate += lot.lowEstimate;
    total.highEstimate += lot.highEstimate;
  }
  for (const tally of agreements) totalOf(tally.currency)[tally.status] += tally.amount;
  const offered = lots.length;
  return {
    auctionId: sale.auctionId,
    saleTitle: sale.saleTitle,
    lotCounts: { offered, withAgreement, withoutAgreement: offered - withAgreement },
    // Not rounded: the screen formats it in the locale's way.
    soldRate: withAgreement / offered,
    soldByValue: soldByValue(lots),
    totals: [...totals.values()].sort(byCurrency),
    // Lot numbers are unique within a sale: the saleroom's running order.
    lots: [...lots].sort((a, b) => a.lotNumber - b.lotNumber),
  };
}
