// A catalogued lot with its state from the sale record (docs/product-contract.md §13): pure, so
// the server's answer and any replay of the record agree, and a table test covers it.
import { lotStatus, type LotRecord } from '@/lib/sale-desk/lot-record';
import { reserveState } from '@/lib/sale-desk/reserve-state';
import type { Lot, RecordedLot } from './lot';

export function recordedLot(lot: Lot, record: LotRecord | undefined): RecordedLot {
  const highBid = record?.highBid ?? null;
  return {
    ...lot,
    status: lotStatus(record),
    highBid,
    bids: record?.bids ?? 0,
    bidders: record?.paddles.length ?? 0,
    leader: record?.leader ?? null,
    underbidder: record?.underbidder ?? null,
    lastBidAt: record?.lastBidAt ?? null,
    reserveState: reserveState({ reserve: lot.reserve, highBid, currency: lot.currency }),
    closesAt: record?.openedAt ? record.closesAt : lot.scheduledCloseAt,
    openedAt: record?.openedAt ?? null,
    startedAt: record?.startedAt ?? null,
    closedAt: record?.closedAt ?? null,
    closedTimetoken: record?.closedTimetoken ?? null,
    hammer: record?.hammer ?? null,
    buyer: record?.buyer ?? null,
  };
}
