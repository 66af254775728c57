// Shared by sale-view's tests: catalogue lots and sales, bids, opens and closes folded into lot
// records by the reducer, as the record and the live desk build them.
import type { BidPlaced } from '@/lib/sale-desk/bid-messages';
import { timetokenFromMs } from '@/lib/sale-desk/timetoken';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { applyBid, applyClosed, applyOpened, type LotRecord } from '@/lib/sale-desk/lot-record';
import type { Lot, Sale } from './lot';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';

export const NOW = Date.parse('2026-11-21T10:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const lot = (
  auctionId: string,
  lotId: string,
  lotNumber: number,
  extra: Partial<Lot> = {},
): Lot => ({
  auctionId,
  lotId,
  lotNumber,
  lotTitle: '1967 Ford Mustang Shelby GT500',
  currency: 'EUR',
  lowEstimate: 100_000,
  highEstimate: 200_000,
  reserve: 150_000,
  startingBid: 50_000,
  scheduledCloseAt: null,
  ...extra,
});

export const sale = (auctionId: string, lots: Lot[]): Sale => ({
  auctionId,
  saleTitle: auctionId,
  lots,
});

let bidNumber = 0;
export const placed = (
  auctionId: string,
  lotId: string,
  bidder: string,
  amount: number,
  at: number,
): BidPlaced => ({
  type: 'bid.placed',
  v: 1,
  bidId: uuid((bidNumber += 1)),
  auctionId,
  lotId,
  lotTitle: `Live title of ${lotId}`,
  bidder,
  amount,
  currency: 'EUR',
  placedAt: iso(at),
});

/** Three bids on the lot up to `highBid` (Paddle 5, Paddle 6, then Paddle 7), the last at `at`. */
export function bidOn(
  auctionId: string,
  lotId: string,
  highBid: number,
  at = NOW,
  record?: LotRecord,
): LotRecord {
  let state = record;
  const ladder: [string, number][] = [
    ['Paddle 5', highBid - 2_000],
    ['Paddle 6', highBid - 1_000],
    ['Paddle 7', highBid],
  ];
  ladder.forEach(([bidder, amount], index) => {
    const when = at - (2 - index) * 1_000;
    state = applyBid(state, placed(auctionId, lotId, bidder, amount, when), timetokenFromMs(when));
  });
  return state!;
}

export const opened = (
  auctionId: string,
  lotId: string,
  closesAt: string | null = null,
  record?: LotRecord,
  at = NOW - 60_000,
): LotRecord =>
  applyOpened(
    record,
    { type: 'lot.opened', v: 1, auctionId, lotId, openedAt: iso(at), closesAt },
    timetokenFromMs(at),
  );

export const closeOf = (record: LotRecord, winningBidId: string | null, at: number) =>
  ({
    type: 'lot.closed',
    v: 1,
    auctionId: record.auctionId,
    lotId: record.lotId,
    winningBidId,
    closedAt: iso(at),
  }) as const;

/** Closed at `at` on its high bid: sold at it, to its leader. */
export const sold = (record: LotRecord, at = NOW + 1_000): LotRecord =>
  applyClosed(record, closeOf(record, record.highBidId, at), timetokenFromMs(at), {
    amount: record.highBid!,
    bidder: record.leader!,
  });

/** Closed at `at` with no winning bid, whatever its high bid. */
export const passed = (record: LotRecord, at = NOW + 1_000): LotRecord =>
  applyClosed(record, closeOf(record, null, at), timetokenFromMs(at), null);

export const recordsOf = (...records: LotRecord[]) =>
  new Map(records.map((record) => [saleLotKey(record.auctionId, record.lotId), record]));

export const flagOn = (auctionId: string, lotId: string, n: number): Flag => ({
  id: `jump:${n}`,
  rule: 'jump',
  auctionId,
  lotId,
  paddles: ['P1'],
  bidIds: [],
  raisedAt: '2026-11-21T10:00:00.000Z',
});
