import { createChannelLog } from '../../relay/channel-log.ts';
import type { IncomingMessage, StoredBid } from './bid-store';
import {
  historyPageSize,
  loadLotBids,
  mergeInOrder,
  mergeLotBids,
  type HistoryPage,
  type MessageRun,
} from './history-pages';

// History is read through the relay's own channel log: the same answer to `start=` and `max=` the
// embedded relay gives the SDK.
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

function channelOf(payloads: unknown[]) {
  const log = createChannelLog();
  payloads.forEach((payload, n) =>
    log.append({ channel: 'bids', timetoken: timetoken(n), payload, publisher: 'test' }),
  );
  const requests: (string | undefined)[] = [];
  const fetchPage: HistoryPage = async (before) => {
    requests.push(before);
    return log
      .history('bids', { start: before, max: historyPageSize })
      .map((message) => ({ timetoken: message.timetoken, payload: message.payload }));
  };
  return { fetchPage, requests };
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

describe('loadLotBids', () => {
  // Lot 1 gets every fifth message, among bids on other lots, a lot of another sale with the
  // same lot id, closes and a payload that is not a bid.
  const payloads = range(1_200).map((n) => {
    if (n % 5 === 0) return bid(n, 'lot-1');
    if (n % 5 === 1) return bid(n, 'lot-1', 'sale-b');
    if (n % 5 === 2) return { type: 'lot.closed', v: 1, auctionId: 'sale-a', lotId: 'lot-9' };
    if (n % 5 === 3) return 'not a bid';
    return bid(n, 'lot-2');
  });
  const lotOne = range(1_200).filter((n) => n % 5 === 0);

  it('finds every bid of the lot, newest first, reading only as far back as needed', async () => {
    const { fetchPage, requests } = channelOf(payloads);
    const found = await loadLotBids(fetchPage, { auctionId: 'sale-a', lotId: 'lot-1', want: 50 });
    expect(found.map((b) => b.bidId).slice(0, 50)).toEqual(
      lotOne.slice(-50).reverse().map(bidIdOf),
    );
    expect(found.every((b) => b.auctionId === 'sale-a' && b.lotId === 'lot-1')).toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('reads to the start of history when the lot has more bids than history holds', async () => {
    const { fetchPage, requests } = channelOf(payloads);
    const found = await loadLotBids(fetchPage, {
      auctionId: 'sale-a',
      lotId: 'lot-1',
      want: 10_000,
    });
    expect(found).toHaveLength(lotOne.length);
    expect(found.at(-1)).toMatchObject({ bidId: bidIdOf(0), timetoken: timetoken(0) });
    expect(requests).toHaveLength(13);
  });

  it('keeps to its page limit', async () => {
    const { fetchPage, requests } = channelOf(payloads);
    await loadLotBids(
      fetchPage,
      { auctionId: 'sale-a', lotId: 'lot-1', want: 10_000 },
      { maxPages: 4 },
    );
    expect(requests).toHaveLength(4);
  });

  it('skips messages that could not be decrypted', async () => {
    const fetchPage: HistoryPage = async () => [
      { timetoken: timetoken(1), payload: 'ciphertext', error: 'decryption failed' },
      { timetoken: timetoken(2), payload: bid(2) },
    ];
    const found = await loadLotBids(fetchPage, { auctionId: 'sale-a', lotId: 'lot-1', want: 5 });
    expect(found.map((b) => b.bidId)).toEqual([bidIdOf(2)]);
  });
});

describe('mergeLotBids', () => {
  it('joins what the store holds and what history gave, each bid once, newest first', () => {
    const stored = (n: number): StoredBid => ({
      ...bid(n),
      type: 'bid.placed',
      v: 1,
      timetoken: timetoken(n),
    });
    const merged = mergeLotBids([stored(9), stored(8), stored(7)], [stored(8), stored(2)]);
    expect(merged.map((b) => b.bidId)).toEqual([9, 8, 7, 2].map(bidIdOf));
  });
});

// Found by mutation testing: the lot panel reads no further back than it needs (it stops as soon
// as it has `want` bids, and at a short page, which is the start of history), and a message the
// SDK could not decrypt is dropped even when its payload looks like a bid.
// One message in five is a bid on lot-1 of sale-a: 20 per full page of 100.
const payloadsOf = (count: number) =>
  range(count).map((n) => (n % 5 === 0 ? bid(n, 'lot-1') : bid(n, 'lot-2')));

describe('loadLotBids: how far back it reads', () => {
  it.each([
    { name: 'exactly want bids in two pages: two requests', count: 1_200, want: 40, requests: 2 },
    {
      name: 'one bid more than two pages hold: three requests',
      count: 1_200,
      want: 41,
      requests: 3,
    },
    // 1,150 messages: eleven full pages, then a page of 50 that is the start of history.
    {
      name: 'a short page ends history: no request after it',
      count: 1_150,
      want: 10_000,
      requests: 12,
    },
  ])('$name', async ({ count, want, requests: expected }) => {
    const { fetchPage, requests } = channelOf(payloadsOf(count));
    const found = await loadLotBids(fetchPage, { auctionId: 'sale-a', lotId: 'lot-1', want });
    expect(found.length).toBeGreaterThanOrEqual(Math.min(want, count / 5));
    expect(requests).toHaveLength(expected);
  });
});

describe('loadLotBids: undecryptable messages', () => {
  it('drops a message with an error even when its payload is a bid of the lot', async () => {
    const fetchPage: HistoryPage = async () => [
      {
        timetoken: timetoken(1),
        payload: bid(1),
        error: 'Decryption error: invalid header version',
      },
      { timetoken: timetoken(2), payload: bid(2) },
    ];
    const found = await loadLotBids(fetchPage, { auctionId: 'sale-a', lotId: 'lot-1', want: 5 });
    expect(found.map((b) => b.bidId)).toEqual([bidIdOf(2)]);
  });
});
