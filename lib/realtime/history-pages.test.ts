import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { mergeInOrder, type MessageRun } from './history-pages';

const base = 17_800_000_000_000_000n;
const timetoken = (n: number) => (base + BigInt(n) * 10_000n).toString();

/** Bid ids are UUIDs (bid-messages.ts); this one says which message it was. */
const bidIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function bid(n: number, lotId = 'lot-1', auctionId = 'sale-a') {
  return {
    type: 'bid.placed',
    v: 1,
    bidId: bidIdOf(n),
    auctionId,
    lotId,
    lotTitle: `Lot ${lotId}`,
    bidder: `Paddle ${n % 3}`,
    amount: 100_000 + n * 5_000,
    currency: 'EUR',
    placedAt: new Date(Date.UTC(2026, 10, 23, 12, 0, 0, n)).toISOString(),
  };
}

const range = (count: number, from = 0) => Array.from({ length: count }, (_, n) => n + from);
const tokens = (messages: readonly IncomingMessage[]) => messages.map((m) => m.timetoken);

describe('mergeInOrder', () => {
  const message = (n: number): IncomingMessage => ({ timetoken: timetoken(n), payload: bid(n) });
  const shape = (runs: MessageRun[]) =>
    runs.map((run) => [run.historical ? 'history' : 'live', ...tokens(run.messages)]);

  it('puts history and live messages in publish order, each once, history first on a tie', () => {
    // Live delivery began at 5; history, read a moment later, reaches 7.
    const earlier = range(8).map(message);
    const live = [5, 6, 7, 8, 9].map(message);
    expect(shape(mergeInOrder(earlier, live))).toEqual([
      ['history', ...range(8).map(timetoken)],
      ['live', timetoken(8), timetoken(9)],
    ]);
  });

  it('orders a live message that overtook another, and interleaves runs as published', () => {
    expect(shape(mergeInOrder([message(2)], [message(3), message(1)]))).toEqual([
      ['live', timetoken(1)],
      ['history', timetoken(2)],
      ['live', timetoken(3)],
    ]);
  });

  it('has nothing to replay when nothing was published', () => {
    expect(mergeInOrder([], [])).toEqual([]);
  });

  it('compares timetokens past 2^53 exactly', () => {
    const near = ['17800000000000000001', '17800000000000000000'].map((t) => ({
      timetoken: t,
      payload: null,
    }));
    expect(shape(mergeInOrder(near, []))).toEqual([
      ['history', '17800000000000000000', '17800000000000000001'],
    ]);
  });
});
