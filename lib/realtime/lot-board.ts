import type { LotClosed, LotOpened } from '@/lib/sale-desk/bid-messages';
import { lotKeyOf } from '@/lib/sale-desk/sale-lot-key';
import { isAfterClose, isNewer, latestOf } from '@/lib/sale-desk/timetoken';

export interface LotSummary {
  key: string;
  auctionId: string;
  lotId: string;
  lotTitle: string;
  currency: string;
  /**
   * The highest bid not late, and its paddle; null when every bid this browser saw of the lot
   * came after its close (the bids before it were before the history read, or forgotten).
   */
  highBid: number | null;
  bidCount: number;
  leader: string | null;
  lastTimetoken: string;
  /** The newest bid's timetoken (a close moves `lastTimetoken`, not this): "time since last bid". */
  lastBidTimetoken: string;
  /**
   * The timetoken of the lot's `lot.closed`, null while open (`isLotClosed`). A bid published
   * after it is late: counted, never the high bid or the leader (the lot was sold, or passed, at
   * its close).
   */
  closedTimetoken: string | null;
}

export const isLotClosed = (lot: LotSummary): boolean => lot.closedTimetoken !== null;

interface LotBid {
  auctionId: string;
  lotId: string;
  lotTitle: string;
  currency: string;
  amount: number;
  bidder: string;
  timetoken: string;
}

/**
 * Per lot: high bid, number of bids, leader, open or closed; at most `maxLots`, closed lots
 * evicted first. A close can arrive before its lot's bids (live close, bids from history
 * catch-up), so closes are remembered for a while, with their timetokens: a bid published before
 * its lot's close counts whenever it arrives, one published after it is late.
 */
export function createLotBoard(maxLots: number) {
  const lots = new Map<string, LotSummary>();
  const closes = new Map<string, string>();

  function evict() {
    const candidates = [...lots.values()].sort(
      (a, b) =>
        Number(isLotClosed(b)) - Number(isLotClosed(a)) ||
        (isNewer(a.lastTimetoken, b.lastTimetoken) ? 1 : -1),
    );
    lots.delete(candidates[0]!.key);
  }

  return {
    addBid(bid: LotBid) {
      const key = lotKeyOf(bid);
      const lot = lots.get(key);
      // The lot's own record first: `closes` forgets the oldest past 5 × maxLots.
      const closedTimetoken = lot ? lot.closedTimetoken : (closes.get(key) ?? null);
      const isLate = isAfterClose(bid.timetoken, closedTimetoken);
      if (!lot) {
        lots.set(key, {
          key,
          auctionId: bid.auctionId,
          lotId: bid.lotId,
          lotTitle: bid.lotTitle,
          currency: bid.currency,
          highBid: isLate ? null : bid.amount,
          bidCount: 1,
          leader: isLate ? null : bid.bidder,
          lastTimetoken: bid.timetoken,
          lastBidTimetoken: bid.timetoken,
          closedTimetoken,
        });
        if (lots.size > maxLots) evict();
        return;
      }
      const isHigher = !isLate && (lot.highBid === null || bid.amount > lot.highBid);
      lots.set(key, {
        ...lot,
        bidCount: lot.bidCount + 1,
        highBid: isHigher ? bid.amount : lot.highBid,
        leader: isHigher ? bid.bidder : lot.leader,
        lastTimetoken: latestOf(bid.timetoken, lot.lastTimetoken)!,
        lastBidTimetoken: latestOf(bid.timetoken, lot.lastBidTimetoken)!,
      });
    },
    close(closed: LotClosed, timetoken: string) {
      const key = lotKeyOf(closed);
      closes.set(key, timetoken);
      if (closes.size > maxLots * 5) closes.delete(closes.keys().next().value!);
      const lot = lots.get(key);
      if (lot)
        lots.set(key, {
          ...lot,
          closedTimetoken: timetoken,
          lastTimetoken: latestOf(timetoken, lot.lastTimetoken)!,
        });
    },
    /** A lot offered again after its close (re-opened on the rostrum): its bids count again. */
    open(opened: LotOpened, timetoken: string) {
      const key = lotKeyOf(opened);
      const closedAt = lots.get(key)?.closedTimetoken ?? closes.get(key) ?? null;
      if (closedAt === null || !isNewer(timetoken, closedAt)) return;
      closes.delete(key);
      const lot = lots.get(key);
      if (lot) lots.set(key, { ...lot, closedTimetoken: null });
    },
    /** Most recently bid on (or closed) first. */
    list(): LotSummary[] {
      return [...lots.values()].sort((a, b) =>
        isNewer(a.lastTimetoken, b.lastTimetoken) ? -1 : 1,
      );
    },
    clear() {
      lots.clear();
      closes.clear();
    },
  };
}
