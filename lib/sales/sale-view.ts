// What the sale desk screen shows (docs/product-contract.md §11), computed from the stores'
// snapshots: pure, so the running order, the figures and the "never mixed" keys are unit-tested.
// Each lot's figures come from the console's record with the live messages since folded on
// (live-lots.ts): exact however long the sale has run.
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { countSince } from './rate-buckets';
import type { SaleRate } from './sale-rates';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { lotStatus, type LotRecord, type LotStatus } from '@/lib/sale-desk/lot-record';
import { reserveState, type ReserveState } from '@/lib/sale-desk/reserve-state';
import type { Lot, Sale } from './lot';

/** One lot of the board: the catalogue's lot, its figures and its state. */
export interface SaleLotRow {
  key: string;
  auctionId: string;
  lotId: string;
  /** Null for a lot the catalogue does not know yet (it goes after the numbered lots). */
  lotNumber: number | null;
  lotTitle: string;
  currency: string;
  lowEstimate: number | null;
  highEstimate: number | null;
  highBid: number | null;
  bidCount: number;
  leader: string | null;
  /** Epoch ms of the newest bid (its placedAt), null before the first. */
  lastBidAt: number | null;
  /** Epoch ms bidding started (its `lot.opened`, else its first bid); null for a lot to come. */
  startedAt: number | null;
  open: boolean;
  /** Upcoming: catalogued, neither opened nor bid on yet. */
  phase: LotPhase;
  /** The record's word: upcoming, open, sold (with `hammer` and `buyer`) or passed. */
  status: LotStatus;
  closesAt: string | null;
  /** Null when the catalogue does not know the lot (no reserve to compare with). */
  reserve: ReserveState | null;
  /** Closed with a winning bid; a lot passed unsold is not. */
  sold: boolean;
  /** The winning bid's amount and paddle, once sold. */
  hammer: number | null;
  buyer: string | null;
  /** The timetoken of the lot's close (null while open): a bid published after it is late. */
  closedTimetoken: string | null;
  flags: number;
}

/**
 * Whether two board rows show the same: every field of a row is a string, a number or null, so
 * the board re-renders only the rows a frame's bids changed (saleBoard builds new rows each time).
 */
export function sameRow(a: SaleLotRow, b: SaleLotRow): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof SaleLotRow)[]) if (a[key] !== b[key]) return false;
  return true;
}

export interface SaleBoardInput {
  sale: Sale | undefined;
  auctionId: string;
  /** Every lot's state now, by `saleLotKey` (the sale desk's `records`). */
  records: ReadonlyMap<string, LotRecord>;
  flags: readonly Flag[];
}

export type LotPhase = 'upcoming' | 'open' | 'closed';

const phaseOf = (status: LotStatus): LotPhase =>
  status === 'upcoming' ? 'upcoming' : status === 'open' ? 'open' : 'closed';

/**
 * Lots open now in every sale: opened or bid on, and not closed since, over the lots the record
 * and the live messages know (a lot with no bid yet included).
 */
export function openLotCount(records: ReadonlyMap<string, LotRecord>): number {
  let open = 0;
  for (const record of records.values()) if (lotStatus(record) === 'open') open += 1;
  return open;
}

function rowOf(
  key: string,
  lot: Lot | undefined,
  record: LotRecord | undefined,
  flags: number,
  fallback: { auctionId: string; lotId: string },
): SaleLotRow {
  const status = lotStatus(record);
  const highBid = record?.highBid ?? null;
  return {
    key,
    auctionId: fallback.auctionId,
    lotId: fallback.lotId,
    lotNumber: lot?.lotNumber ?? null,
    lotTitle: lot?.lotTitle ?? record?.lotTitle ?? fallback.lotId,
    currency: lot?.currency ?? record?.currency ?? '',
    lowEstimate: lot?.lowEstimate ?? null,
    highEstimate: lot?.highEstimate ?? null,
    highBid,
    bidCount: record?.bids ?? 0,
    leader: record?.leader ?? null,
    lastBidAt: record?.lastBidAt ? Date.parse(record.lastBidAt) : null,
    startedAt: record?.startedAt ? Date.parse(record.startedAt) : null,
    open: status === 'open',
    phase: phaseOf(status),
    status,
    closesAt: record?.openedAt ? record.closesAt : (lot?.scheduledCloseAt ?? null),
    reserve: lot ? reserveState({ reserve: lot.reserve, highBid, currency: lot.currency }) : null,
    sold: status === 'sold',
    hammer: record?.hammer ?? null,
    buyer: record?.buyer ?? null,
    closedTimetoken: record?.closedTimetoken ?? null,
    flags,
  };
}

/** The sale's lots in running order (lot number), whatever order the bids come in. */
export function saleBoard({ sale, auctionId, records, flags }: SaleBoardInput): SaleLotRow[] {
  const flagsPerLot = new Map<string, number>();
  for (const flag of flags) {
    if (flag.auctionId !== auctionId) continue;
    const key = saleLotKey(flag.auctionId, flag.lotId);
    flagsPerLot.set(key, (flagsPerLot.get(key) ?? 0) + 1);
  }
  const rows: SaleLotRow[] = [];
  const catalogued = new Set<string>();
  for (const lot of sale?.lots ?? []) {
    const key = saleLotKey(lot.auctionId, lot.lotId);
    catalogued.add(key);
    rows.push(rowOf(key, lot, records.get(key), flagsPerLot.get(key) ?? 0, lot));
  }
  // Lots the catalogue lacks (a refresh is on its way): shown, after the numbered ones, in lot id
  // order so that they too keep their place.
  const extra = [...records]
    .filter(([key, record]) => record.auctionId === auctionId && !catalogued.has(key))
    .sort(([, a], [, b]) => (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0));
  for (const [key, record] of extra)
    rows.push(rowOf(key, undefined, record, flagsPerLot.get(key) ?? 0, record));
  return rows;
}

export interface SaleFigures {
  openLots: number;
  bidsLastMinute: number;
  soldLots: number;
  /** Hammer total of the sold lots, per currency, in minor units. */
  hammer: ReadonlyMap<string, number>;
  /**
   * Sold lots whose winning bid was never seen here (older than the history read), per currency:
   * counted as sold, with no amount in the hammer total, which says so.
   */
  unpriced: ReadonlyMap<string, number>;
}

/**
 * A sale's live figures. Sold: a lot whose `lot.closed` named a winning bid (a lot passed unsold,
 * its reserve met or not, is not); its hammer price is that bid's amount, in the total when the
 * record holds it (`unpriced` counts a sold lot whose winning bid it lacks). Bids in the last minute
 * come from the sale's own per-second counts (publish time), not from the store's window of bids,
 * which other sales' bids can fill.
 */
export function saleFigures(
  rows: readonly SaleLotRow[],
  rate: SaleRate | undefined,
  now: number,
): SaleFigures {
  const hammer = new Map<string, number>();
  const unpriced = new Map<string, number>();
  let soldLots = 0;
  for (const row of rows) {
    if (!row.sold) continue;
    soldLots += 1;
    if (row.hammer !== null) hammer.set(row.currency, (hammer.get(row.currency) ?? 0) + row.hammer);
    else unpriced.set(row.currency, (unpriced.get(row.currency) ?? 0) + 1);
  }
  const bidsLastMinute = rate ? countSince(rate.perSecond, rate.endsAt, now - 60_000) : 0;
  return {
    openLots: rows.filter((row) => row.open).length,
    bidsLastMinute,
    soldLots,
    hammer,
    unpriced,
  };
}

/**
 * The currencies a sale's hammer totals are shown in: its catalogue's, and any a sold lot brings
 * that the catalogue lacks, sorted. A line each from the start, rather than lines appearing with
 * the first lot sold.
 */
export function hammerCurrencies(
  sale: Sale | undefined,
  { hammer, unpriced }: Pick<SaleFigures, 'hammer' | 'unpriced'>,
): string[] {
  return [
    ...new Set([
      ...(sale?.lots ?? []).map((lot) => lot.currency),
      ...hammer.keys(),
      ...unpriced.keys(),
    ]),
  ].sort();
}

/** Per frame and per sale: no array made. */
function sameEntries(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/** Whether two sets of figures read the same (a frame's bids rarely change them). */
export function sameFigures(a: SaleFigures, b: SaleFigures): boolean {
  if (a === b) return true;
  return (
    a.openLots === b.openLots &&
    a.bidsLastMinute === b.bidsLastMinute &&
    a.soldLots === b.soldLots &&
    sameEntries(a.hammer, b.hammer) &&
    sameEntries(a.unpriced, b.unpriced)
  );
}

/** Lot numbers by lot id and the title of each sale, built once per catalogue. */
interface SaleLabels {
  saleTitle: string;
  lotNumbers: Map<string, number>;
}

// Every feed row, board row and flag asks for its label on every frame; the catalogue changes
// only when it is loaded again (a new array), so its index is built once and kept with it.
const labelIndexes = new WeakMap<readonly Sale[], Map<string, SaleLabels>>();

function labelIndex(sales: readonly Sale[]): Map<string, SaleLabels> {
  let index = labelIndexes.get(sales);
  if (index) return index;
  index = new Map();
  for (const sale of sales) {
    // The first sale and lot of an id win, as a search from the start would find them.
    if (index.has(sale.auctionId)) continue;
    const lotNumbers = new Map<string, number>();
    for (const lot of sale.lots)
      if (!lotNumbers.has(lot.lotId)) lotNumbers.set(lot.lotId, lot.lotNumber);
    index.set(sale.auctionId, { saleTitle: sale.saleTitle, lotNumbers });
  }
  labelIndexes.set(sales, index);
  return index;
}

/** The lot number and sale title a bid row shows; undefined parts are not catalogued yet. */
export function lotLabelOf(sales: readonly Sale[], auctionId: string, lotId: string) {
  const sale = labelIndex(sales).get(auctionId);
  return { saleTitle: sale?.saleTitle, lotNumber: sale?.lotNumbers.get(lotId) };
}
