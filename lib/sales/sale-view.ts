// What the sale desk screen shows (docs/product-contract.md §11), computed from the stores'
// snapshots: pure, so the running order, the figures and the "never mixed" keys are unit-tested.
import { isLotClosed, type LotSummary } from '@/lib/realtime/bid-store';
import type { LotState } from '@/lib/realtime/sale-desk-store';
import { saleLotKey } from './sale-lot-key';
import { countSince } from '@/lib/realtime/rate-buckets';
import type { SaleRate } from '@/lib/realtime/sale-rates';
import { timetokenToMs } from '@/lib/realtime/timetoken';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { reserveState, type ReserveState } from '@/lib/sale-desk/reserve-state';
import type { Sale } from './lot';

/** One lot of the board: the catalogue's lot, its live figures and its state. */
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
  /** Epoch ms of the newest bid (publish time), null before the first. */
  lastBidAt: number | null;
  open: boolean;
  /** Upcoming: catalogued, neither opened nor bid on yet (as far as this browser saw). */
  phase: LotPhase;
  closesAt: string | null;
  /**
   * For a lot to come: whether it reads closed once its scheduled close has passed (`phaseAt`).
   * True when the sale has gone past it (a later lot has opened, been bid on or closed) or when
   * nothing of the sale was seen and its close is older than what this browser has seen of
   * `bids`; false for a sale under way that has yet to reach it: that sale runs late.
   */
  closedWhenDue: boolean;
  /** Null when the catalogue does not know the lot (no reserve to compare with). */
  reserve: ReserveState | null;
  /** Closed with a winning bid named by its `lot.closed`; a lot passed unsold is not. */
  sold: boolean;
  /** The timetoken of the lot's `lot.closed` as the lot board has it: later bids are late. */
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
  lots: readonly LotSummary[];
  lotStates: ReadonlyMap<string, LotState>;
  flags: readonly Flag[];
  /** The publish time (ms) from which this browser has seen every message (`seenSince`). */
  seenSince: number;
}

export type LotPhase = 'upcoming' | 'open' | 'closed';

/**
 * The newest `lot.opened`/`lot.closed` decides; without one, a lot with bids is open until its
 * close, and a catalogue lot nobody bid on is upcoming.
 */
function lotPhase(state: LotState | undefined, live: LotSummary | undefined): LotPhase {
  if (state) return state.open ? 'open' : 'closed';
  if (live) return isLotClosed(live) ? 'closed' : 'open';
  return 'upcoming';
}

/**
 * Lots open now in every sale, counted over the lots the sale boards list (the catalogue's and
 * those bid on): opened by a `lot.opened` and not closed since, or bid on and not closed. The
 * count the sales' own figures add up to, a lot with no bid yet included; a lot opened that is
 * neither catalogued nor bid on is on no board, and not counted.
 */
export function openLotCount(
  sales: readonly Sale[],
  lots: readonly LotSummary[],
  lotStates: ReadonlyMap<string, LotState>,
): number {
  const live = new Map(lots.map((lot) => [saleLotKey(lot.auctionId, lot.lotId), lot]));
  const listed = new Set(live.keys());
  for (const sale of sales)
    for (const lot of sale.lots) listed.add(saleLotKey(lot.auctionId, lot.lotId));
  let open = 0;
  for (const key of listed) if (lotPhase(lotStates.get(key), live.get(key)) === 'open') open += 1;
  return open;
}

/**
 * Marks the catalogued lots to come (rows in running order) that read closed once due: the sale
 * has gone past them, or nothing of it was seen since before their scheduled close.
 */
function markClosedWhenDue(rows: SaleLotRow[], seenSince: number): void {
  const seen = rows.map((row) => row.phase !== 'upcoming');
  const firstSeen = seen.indexOf(true);
  const lastSeen = seen.lastIndexOf(true);
  rows.forEach((row, index) => {
    if (seen[index]) return;
    const closesAt = row.closesAt === null ? Infinity : Date.parse(row.closesAt);
    row.closedWhenDue = index < lastSeen || (firstSeen === -1 && closesAt < seenSince);
  });
}

/** The sale's lots in running order (lot number), whatever order the bids come in. */
export function saleBoard({
  sale,
  auctionId,
  lots,
  lotStates,
  flags,
  seenSince,
}: SaleBoardInput): SaleLotRow[] {
  const live = new Map<string, LotSummary>();
  for (const lot of lots)
    if (lot.auctionId === auctionId) live.set(saleLotKey(lot.auctionId, lot.lotId), lot);
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
    const summary = live.get(key);
    const state = lotStates.get(key);
    rows.push({
      key,
      auctionId: lot.auctionId,
      lotId: lot.lotId,
      lotNumber: lot.lotNumber,
      lotTitle: lot.lotTitle,
      currency: lot.currency,
      lowEstimate: lot.lowEstimate,
      highEstimate: lot.highEstimate,
      highBid: summary?.highBid ?? null,
      bidCount: summary?.bidCount ?? 0,
      leader: summary?.leader ?? null,
      lastBidAt: summary ? timetokenToMs(summary.lastBidTimetoken) : null,
      open: lotPhase(state, summary) === 'open',
      phase: lotPhase(state, summary),
      closesAt: state?.closesAt ?? lot.scheduledCloseAt,
      closedWhenDue: false,
      reserve: reserveState({
        reserve: lot.reserve,
        highBid: summary?.highBid ?? null,
        currency: lot.currency,
      }),
      flags: flagsPerLot.get(key) ?? 0,
      sold: state?.sold ?? false,
      closedTimetoken: summary?.closedTimetoken ?? null,
    });
  }
  markClosedWhenDue(rows, seenSince);
  // Bids on lots the catalogue lacks (a refresh is on its way): shown, after the numbered ones,
  // in lot id order so that they too keep their place.
  const extra = [...live]
    .filter(([key]) => !catalogued.has(key))
    .sort(([, a], [, b]) => (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0));
  for (const [key, summary] of extra) {
    const state = lotStates.get(key);
    rows.push({
      key,
      auctionId: summary.auctionId,
      lotId: summary.lotId,
      lotNumber: null,
      lotTitle: summary.lotTitle,
      currency: summary.currency,
      lowEstimate: null,
      highEstimate: null,
      highBid: summary.highBid,
      bidCount: summary.bidCount,
      leader: summary.leader,
      lastBidAt: timetokenToMs(summary.lastBidTimetoken),
      open: lotPhase(state, summary) === 'open',
      phase: lotPhase(state, summary),
      closesAt: state?.closesAt ?? null,
      closedWhenDue: false,
      reserve: null,
      flags: flagsPerLot.get(key) ?? 0,
      sold: state?.sold ?? false,
      closedTimetoken: summary.closedTimetoken,
    });
  }
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
 * its reserve met or not, is not); its hammer price is its high bid at the close (the lot board
 * leaves a late bid out of it), in the total when that bid was seen here. Bids in the last minute
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
    if (row.highBid !== null)
      hammer.set(row.currency, (hammer.get(row.currency) ?? 0) + row.highBid);
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
