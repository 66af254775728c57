// What the sale desk screen shows (docs/product-contract.md §11), computed from the stores'
// snapshots: pure, so the running order, the figures and the "never mixed" keys are unit-tested.
import type { LotSummary, StoredBid } from '@/lib/realtime/bid-store';
import type { LotState } from '@/lib/realtime/sale-desk-store';
import { saleLotKey } from './sale-lot-key';
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
  /** Null when the catalogue does not know the lot (no reserve to compare with). */
  reserve: ReserveState | null;
  flags: number;
}

export interface SaleBoardInput {
  sale: Sale | undefined;
  auctionId: string;
  lots: readonly LotSummary[];
  lotStates: ReadonlyMap<string, LotState>;
  flags: readonly Flag[];
}

export type LotPhase = 'upcoming' | 'open' | 'closed';

/**
 * The newest `lot.opened`/`lot.closed` decides; without one, a lot with bids is open until its
 * close, and a catalogue lot nobody bid on is upcoming.
 */
function lotPhase(state: LotState | undefined, live: LotSummary | undefined): LotPhase {
  if (state) return state.open ? 'open' : 'closed';
  if (live) return live.closed ? 'closed' : 'open';
  return 'upcoming';
}

/** The sale's lots in running order (lot number), whatever order the bids come in. */
export function saleBoard({
  sale,
  auctionId,
  lots,
  lotStates,
  flags,
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
      reserve: reserveState({
        reserve: lot.reserve,
        highBid: summary?.highBid ?? null,
        currency: lot.currency,
      }),
      flags: flagsPerLot.get(key) ?? 0,
    });
  }
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
      reserve: null,
      flags: flagsPerLot.get(key) ?? 0,
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
}

/**
 * A sale's live figures. Sold: a closed lot with a bid and its reserve met (or none); its hammer
 * price is its high bid. Bids in the last minute count the store's window by publish time.
 */
export function saleFigures(
  rows: readonly SaleLotRow[],
  bids: readonly StoredBid[],
  auctionId: string,
  now: number,
): SaleFigures {
  const hammer = new Map<string, number>();
  let soldLots = 0;
  for (const row of rows) {
    const sold =
      !row.open &&
      row.highBid !== null &&
      (row.reserve === 'met' || row.reserve === 'no-reserve' || row.reserve === null);
    if (!sold) continue;
    soldLots += 1;
    hammer.set(row.currency, (hammer.get(row.currency) ?? 0) + row.highBid!);
  }
  const since = now - 60_000;
  let bidsLastMinute = 0;
  for (const bid of bids)
    if (bid.auctionId === auctionId && timetokenToMs(bid.timetoken) > since) bidsLastMinute += 1;
  return {
    openLots: rows.filter((row) => row.open).length,
    bidsLastMinute,
    soldLots,
    hammer,
  };
}

/** The lot number and sale title a bid row shows; undefined parts are not catalogued yet. */
export function lotLabelOf(sales: readonly Sale[], auctionId: string, lotId: string) {
  const sale = sales.find((candidate) => candidate.auctionId === auctionId);
  const lot = sale?.lots.find((candidate) => candidate.lotId === lotId);
  return { saleTitle: sale?.saleTitle, lotNumber: lot?.lotNumber };
}
