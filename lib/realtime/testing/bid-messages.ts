// The bid store's tests' messages and store (lib/realtime/bid-store*.test.ts): bids, closes and
// opens with 17-digit timetokens, and a store whose frame flushes run when the test says.
import { createBidStore } from '../bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';

/** A whole second of publish time (ms): 2026-11-21T…Z. */
export const T0 = 1_795_288_800_000;

/** A 17-digit timetoken: ms × 10^4 + counter. */
export const tt = (ms: number, counter = 0) => (BigInt(ms) * 10_000n + BigInt(counter)).toString();

/** A distinct, valid (v4-shaped) UUID per number. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export interface BidOptions {
  id: number;
  timetoken: string;
  lotId?: string;
  auctionId?: string;
  amount?: number;
  bidder?: string;
  currency?: string;
  lotTitle?: string;
}

export const bidMessage = ({
  id,
  timetoken,
  lotId = 'lot-1',
  auctionId = 'auction-1',
  amount = 1_000,
  bidder = `Paddle ${id}`,
  currency = 'EUR',
  lotTitle = `Title of ${lotId}`,
}: BidOptions): IncomingMessage => ({
  timetoken,
  payload: {
    type: 'bid.placed',
    v: 1,
    bidId: uuid(id),
    auctionId,
    lotId,
    lotTitle,
    bidder,
    amount,
    currency,
    placedAt: '2026-11-21T10:00:00.000Z',
  },
});

export const closedMessage = (
  timetoken: string,
  lotId: string,
  winningBidId: string | null = null,
  auctionId = 'auction-1',
): IncomingMessage => ({
  timetoken,
  payload: {
    type: 'lot.closed',
    v: 1,
    auctionId,
    lotId,
    winningBidId,
    closedAt: '2026-11-21T10:05:00.000Z',
  },
});

export const openedMessage = (timetoken: string, lotId: string): IncomingMessage => ({
  timetoken,
  payload: {
    type: 'lot.opened',
    v: 1,
    auctionId: 'auction-1',
    lotId,
    openedAt: '2026-11-21T10:06:00.000Z',
    closesAt: null,
  },
});

/** The bid with number `id`, published `id` ms after T0 (so higher ids are newer). */
export const nth = (id: number, extra: Partial<BidOptions> = {}) =>
  bidMessage({ id, timetoken: tt(T0 + id), ...extra });

export function setup(
  options: { windowSize?: number; maxLots?: number; maxSales?: number; rateSeconds?: number } = {},
) {
  const pending: Array<() => void> = [];
  const store = createBidStore({ ...options, schedule: (flush) => pending.push(flush) });
  const listener = jest.fn();
  store.subscribe(listener);
  /** Runs the queued flushes; answers how many there were. */
  const flush = () => {
    const queued = pending.splice(0);
    queued.forEach((run) => run());
    return queued.length;
  };
  /** The snapshot after flushing. */
  const snap = () => {
    flush();
    return store.getSnapshot();
  };
  return { store, pending, listener, flush, snap };
}

export const ids = (bids: readonly { bidId: string }[]) => bids.map((bid) => bid.bidId);
