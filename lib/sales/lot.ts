// A sale's catalogue as the API answers it (docs/product-contract.md §11), shared by the server
// that builds it and the browser that validates it. zod/mini: this module runs in the browser.
import * as z from 'zod/mini';
import { recordedFlagSchema, type RecordedFlag } from './recorded-flag';

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

/** A sale's figures from the record (`GET /api/sales`): lots by status, hammer per currency. */
export const saleFiguresShape = {
  upcoming: z.int(),
  open: z.int(),
  sold: z.int(),
  passed: z.int(),
  /** Sold lots' hammer prices summed per currency, minor units, currencies sorted. */
  hammerTotals: z.array(z.object({ currency: z.string(), amount: z.int() })),
};

/**
 * One line of `GET /api/sales`: `currencies` is the sorted list of its lots' currencies; the
 * figures count its catalogued lots by their state in the record.
 */
export const saleSummarySchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  lotCount: z.int(),
  currencies: z.array(z.string()),
  ...saleFiguresShape,
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;

export const saleListSchema = z.object({ items: z.array(saleSummarySchema) });
export type SaleList = z.infer<typeof saleListSchema>;

/** A lot as the platform's catalogue ingest answers it: the lot and the title of its sale. */
export const catalogueLotSchema = z.extend(lotSchema, { saleTitle: z.string() });
export type CatalogueLot = z.infer<typeof catalogueLotSchema>;

/**
 * A lot's state as the sale record gives it (docs/product-contract.md §13): beside its catalogue
 * entry in `GET /api/sales/{auctionId}`. Amounts in minor units; `bidders` counts distinct paddles.
 */
export const lotStateShape = {
  status: z.enum(['upcoming', 'open', 'sold', 'passed']),
  highBid: z.nullable(z.int()),
  bids: z.int(),
  bidders: z.int(),
  leader: z.nullable(z.string()),
  underbidder: z.nullable(z.string()),
  lastBidAt: z.nullable(isoDateTime),
  reserveState: z.enum(['no-reserve', 'not-met', 'near', 'met']),
  /** The close `lot.opened` announced, else the catalogue's scheduled close. */
  closesAt: z.nullable(isoDateTime),
  openedAt: z.nullable(isoDateTime),
  /** When bidding started: its `lot.opened`, else its first bid. */
  startedAt: z.nullable(isoDateTime),
  closedAt: z.nullable(isoDateTime),
  /** The timetoken of the lot's close: a bid published after it is late. */
  closedTimetoken: z.nullable(z.string()),
  /** Sold: the winning bid's amount and paddle. */
  hammer: z.nullable(z.int()),
  buyer: z.nullable(z.string()),
};
export const recordedLotSchema = z.extend(lotSchema, lotStateShape);
export type RecordedLot = z.infer<typeof recordedLotSchema>;

/** `GET /api/sales/{auctionId}`: the catalogue with each lot's state, and how far the record reaches. */
export const recordedSaleSchema = z.object({
  auctionId: z.string(),
  saleTitle: z.string(),
  /** The newest timetoken recorded: the browser subscribes from it. Null before any message. */
  recordedThrough: z.nullable(z.string()),
  lots: z.array(recordedLotSchema),
});
export type RecordedSale = z.infer<typeof recordedSaleSchema>;

/**
 * `GET /api/sales?include=lots`: each line of the list with its lots as `GET /api/sales/{id}`
 * answers them, so the dashboard reads the catalogue in one request instead of one per sale.
 */
export const catalogueSchema = z.object({
  recordedThrough: z.nullable(z.string()),
  /** The newest flags the recorder raised, every sale's, newest first (at most 500). */
  flags: z.array(recordedFlagSchema),
  items: z.array(z.extend(saleSummarySchema, { lots: z.array(recordedLotSchema) })),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** `GET /api/sales?include=flags`: the flags read the desk makes while bids arrive (no sales). */
export const flagsReadSchema = z.object({
  recordedThrough: z.nullable(z.string()),
  flags: z.array(recordedFlagSchema),
});
export type FlagsRead = z.infer<typeof flagsReadSchema>;

/** A sale as the sale desk keeps it: the catalogue with each lot's recorded state. */
export type DeskSale = Catalogue['items'][number];

/** What the sale desk reads every 30 s: every sale and how far the record reaches. */
export interface DeskCatalogue {
  sales: DeskSale[];
  recordedThrough: string | null;
  flags: RecordedFlag[];
}

/** One bid of a lot's ladder as the record answers it (`GET /api/sales/{id}/lots/{lot}/bids`). */
export const ladderBidSchema = z.object({
  bidId: z.string(),
  bidder: z.string(),
  amount: z.int(),
  currency: z.string(),
  placedAt: isoDateTime,
  increment: z.nullable(z.int()),
  timetoken: z.string(),
  late: z.boolean(),
});
export const lotBidsPageSchema = z.object({
  items: z.array(ladderBidSchema),
  nextCursor: z.nullable(z.string()),
});
