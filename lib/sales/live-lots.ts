// The sale desk's lots: the console's record as of `recordedThrough` (docs/product-contract.md
// §13), and the live messages published after it folded on top with the record's own reducer. A
// browser open for hours shows what the record shows, never a window that forgets; a message at or
// before `recordedThrough` is in the record already and is never counted twice.
import { isNewer } from '@/lib/sale-desk/timetoken';
import {
  applyBid,
  applyClosed,
  applyOpened,
  emptyLotRecord,
  lotOf,
  type LotRecord,
  type SaleMessage,
} from '@/lib/sale-desk/lot-record';
import type { RecordedLot } from './lot';
import { lotKeyOf } from '@/lib/sale-desk/sale-lot-key';

/** A message published after the record's reach, folded on by the sale desk. */
export type LiveMessage = SaleMessage;

/**
 * A recorded lot as the reducer keeps it, so that what comes after `through` folds onto it. Its
 * close, if any, is at or before `through`: any later bid is late. What the read does not carry
 * (the paddles, the high bid's id) starts empty: the live fold does not need them.
 */
export function lotRecordOf(lot: RecordedLot, through: string | null): LotRecord | undefined {
  if (lot.status === 'upcoming') return undefined;
  const closed = lot.status === 'sold' || lot.status === 'passed';
  return {
    ...emptyLotRecord(lot, through ?? '0'),
    lotTitle: lot.lotTitle,
    currency: lot.currency,
    highBid: lot.highBid,
    leader: lot.leader,
    underbidder: lot.underbidder,
    bids: lot.bids,
    lastBidAt: lot.lastBidAt,
    openedAt: lot.openedAt,
    startedAt: lot.startedAt,
    closesAt: lot.closesAt,
    closedAt: lot.closedAt,
    // The close's own timetoken when the read gives it; a later bid is late either way.
    closedTimetoken: closed ? (lot.closedTimetoken ?? through ?? '0') : null,
    // Only its being null or not matters to the fold: sold or passed.
    winningBidId: lot.status === 'sold' ? 'recorded' : null,
    hammer: lot.hammer,
    buyer: lot.buyer,
  };
}

/** Folds one live message onto the lot it names (in place: one Map write per message). */
export function applyLiveMessage(records: Map<string, LotRecord>, message: LiveMessage): void {
  const key = lotKeyOf(lotOf(message));
  const lot = records.get(key);
  switch (message.kind) {
    case 'bid':
      records.set(key, applyBid(lot, message.bid, message.timetoken));
      return;
    case 'lot-opened':
      records.set(key, applyOpened(lot, message.opened, message.timetoken));
      return;
    case 'lot-closed': {
      // The winner is the high bid (a platform closes on it); its id is known only when the bid
      // came live, so the high bid and leader stand for it.
      const winning =
        lot && lot.highBid !== null && lot.leader !== null
          ? { amount: lot.highBid, bidder: lot.leader }
          : null;
      records.set(key, applyClosed(lot, message.closed, message.timetoken, winning));
      return;
    }
  }
}

/**
 * Every lot of the record as of `through`, with the live messages after it folded on in publish
 * order; answers the messages still after it (the others are in the record). A lot the read does
 * not list (bid on before the catalogue has it) keeps what `previous` had folded of it: the read
 * carries only catalogued lots, and its messages are in that record already.
 */
export function rebaseLiveLots(
  sales: readonly { lots: readonly RecordedLot[] }[],
  through: string | null,
  live: readonly LiveMessage[],
  previous: ReadonlyMap<string, LotRecord> = new Map(),
): { records: Map<string, LotRecord>; after: LiveMessage[] } {
  const records = new Map<string, LotRecord>();
  const listed = new Set<string>();
  for (const sale of sales)
    for (const lot of sale.lots) {
      const key = lotKeyOf(lot);
      listed.add(key);
      const record = lotRecordOf(lot, through);
      if (record) records.set(key, record);
    }
  for (const [key, record] of previous) if (!listed.has(key)) records.set(key, record);
  const after = live
    .filter((message) => through === null || isNewer(message.timetoken, through))
    .sort((a, b) => (a.timetoken === b.timetoken ? 0 : isNewer(a.timetoken, b.timetoken) ? 1 : -1));
  for (const message of after)
    if (listed.has(lotKeyOf(lotOf(message)))) applyLiveMessage(records, message);
  return { records, after };
}
