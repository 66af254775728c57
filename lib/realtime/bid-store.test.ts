/** @jest-environment node */
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { createBidStore } from './bid-store';
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';

/** A whole second of publish time (ms): 2026-11-21T…Z. */
const T0 = 1_795_288_800_000;

/** A 17-digit timetoken: ms × 10^4 + counter. */
const tt = (ms: number, counter = 0) => (BigInt(ms) * 10_000n + BigInt(counter)).toString();

/** A distinct, valid (v4-shaped) UUID per number. */
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface BidOptions {
  id: number;
  timetoken: string;
  lotId?: string;
  auctionId?: string;
  amount?: number;
  bidder?: string;
  currency?: string;
  lotTitle?: string;
}

const bidMessage = ({
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

const closedMessage = (
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

const openedMessage = (timetoken: string, lotId: string): IncomingMessage => ({
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
const nth = (id: number, extra: Partial<BidOptions> = {}) =>
  bidMessage({ id, timetoken: tt(T0 + id), ...extra });

function setup(
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

const ids = (bids: readonly { bidId: string }[]) => bids.map((bid) => bid.bidId);

describe('initial snapshot', () => {
  it('is empty and connecting before anything arrives', () => {
    const { store } = setup({ rateSeconds: 4 });
    expect(store.getSnapshot()).toEqual({
      bids: [],
      lots: [],
      counters: { bids: 0, invalid: 0, undecryptable: 0, unknownType: 0, duplicates: 0 },
      connection: 'connecting',
      watching: null,
      lastTimetoken: null,
      replayed: null,
      earlier: { state: 'waiting' },
      ratePerSecond: [0, 0, 0, 0],
      rateEndsAt: 0,
      saleRates: new Map(),
    });
  });
});

describe('ingest: new bids, duplicates and order', () => {
  it('returns the number of new bids and stores them with their timetoken', () => {
    const { store, snap } = setup();
    expect(store.ingest(nth(1))).toBe(1);
    expect(store.ingest([nth(2), nth(3), nth(4)])).toBe(3);
    expect(store.ingest([])).toBe(0);
    const { bids, counters } = snap();
    expect(bids).toHaveLength(4);
    expect(bids[0]).toEqual({
      ...(nth(4).payload as object),
      timetoken: tt(T0 + 4),
    });
    expect(counters.bids).toBe(4);
  });

  it('does not count invalid, undecryptable, unknown-type or lot.closed messages as new bids', () => {
    const { store } = setup();
    expect(
      store.ingest([
        { timetoken: tt(T0 + 1), payload: 'junk' },
        { ...nth(2), error: 'Decryption error: empty content' },
        { timetoken: tt(T0 + 3), payload: { type: 'bid.retracted' } },
        closedMessage(tt(T0 + 4), 'lot-1'),
        nth(5),
      ]),
    ).toBe(1);
  });

  it('drops a duplicate bidId within one ingest call and counts it', () => {
    const { store, snap } = setup();
    expect(store.ingest([nth(1), nth(1), nth(2), nth(1)])).toBe(2);
    const { bids, counters } = snap();
    expect(ids(bids)).toEqual([uuid(2), uuid(1)]);
    expect(counters).toMatchObject({ bids: 2, duplicates: 2 });
  });

  it('drops a duplicate bidId across separate ingest calls, even with another timetoken', () => {
    const { store, snap } = setup();
    expect(store.ingest(nth(1))).toBe(1);
    expect(store.ingest(nth(2))).toBe(1);
    // The same bid replayed by history after a reconnect, here under a later timetoken.
    expect(store.ingest(bidMessage({ id: 1, timetoken: tt(T0 + 99) }))).toBe(0);
    expect(store.ingest([nth(2), nth(1)])).toBe(0);
    const { bids, counters, lots } = snap();
    expect(ids(bids)).toEqual([uuid(2), uuid(1)]);
    expect(bids[1]!.timetoken).toBe(tt(T0 + 1));
    expect(counters).toMatchObject({ bids: 2, duplicates: 3 });
    expect(lots[0]!.bidCount).toBe(2);
  });

  it('drops duplicates that arrive after an out-of-order arrival', () => {
    const { store, snap } = setup();
    expect(store.ingest([nth(5), nth(1), nth(3)])).toBe(3);
    expect(store.ingest([nth(1), nth(3), nth(2), nth(5), nth(4)])).toBe(2);
    const { bids, counters } = snap();
    expect(ids(bids)).toEqual([5, 4, 3, 2, 1].map(uuid));
    expect(counters).toMatchObject({ bids: 5, duplicates: 3 });
  });

  it.each([
    { name: 'in order', arrival: [1, 2, 3, 4, 5] },
    { name: 'reversed', arrival: [5, 4, 3, 2, 1] },
    { name: 'shuffled', arrival: [3, 1, 5, 2, 4] },
    { name: 'newest first then a late old one', arrival: [2, 3, 4, 5, 1] },
  ])('keeps bids newest first by timetoken when they arrive $name', ({ arrival }) => {
    const { store, snap } = setup();
    for (const id of arrival) store.ingest(nth(id));
    expect(ids(snap().bids)).toEqual([5, 4, 3, 2, 1].map(uuid));
  });

  it('orders by the timetoken counter within the same millisecond', () => {
    const { store, snap } = setup();
    store.ingest([
      bidMessage({ id: 1, timetoken: tt(T0, 2) }),
      bidMessage({ id: 2, timetoken: tt(T0, 0) }),
      bidMessage({ id: 3, timetoken: tt(T0, 1) }),
    ]);
    expect(snap().bids.map((bid) => bid.timetoken)).toEqual([tt(T0, 2), tt(T0, 1), tt(T0, 0)]);
  });

  it('orders across millisecond and counter-digit boundaries', () => {
    const { store, snap } = setup();
    store.ingest([
      bidMessage({ id: 1, timetoken: tt(T0, 9) }),
      bidMessage({ id: 2, timetoken: tt(T0, 10) }),
      bidMessage({ id: 3, timetoken: tt(T0 - 1, 9_999) }),
    ]);
    expect(ids(snap().bids)).toEqual([uuid(2), uuid(1), uuid(3)]);
  });
});

describe('ingest: bounded window', () => {
  it('keeps at most windowSize bids, the newest', () => {
    const { store, snap } = setup({ windowSize: 3 });
    expect(store.ingest([1, 2, 3, 4, 5].map((id) => nth(id)))).toBe(5);
    expect(ids(snap().bids)).toEqual([5, 4, 3].map(uuid));
  });

  it('keeps the newest when the bids arrive newest first', () => {
    const { store, snap } = setup({ windowSize: 3 });
    store.ingest([5, 4, 3, 2, 1].map((id) => nth(id)));
    expect(ids(snap().bids)).toEqual([5, 4, 3].map(uuid));
  });

  it('a late bid older than the whole window is not shown (but counted in the lot)', () => {
    const { store, snap } = setup({ windowSize: 3 });
    store.ingest([2, 3, 4].map((id) => nth(id)));
    expect(store.ingest(nth(1))).toBe(1);
    const { bids, lots } = snap();
    expect(ids(bids)).toEqual([4, 3, 2].map(uuid));
    expect(lots[0]!.bidCount).toBe(4);
  });

  it('a late bid that falls inside the window pushes the oldest out', () => {
    const { store, snap } = setup({ windowSize: 3 });
    store.ingest([1, 3, 5].map((id) => nth(id)));
    store.ingest(nth(4));
    expect(ids(snap().bids)).toEqual([5, 4, 3].map(uuid));
  });
});

describe('per-sale rate', () => {
  it("counts a sale's bids of its last minute even when other sales' bids fill the window", () => {
    const { store, snap } = setup({ windowSize: 3 });
    store.ingest([1, 2].map((id) => nth(id, { auctionId: 'a' })));
    store.ingest([3, 4, 5, 6].map((id) => nth(1_000 + id, { auctionId: 'b' })));
    // The window holds only sale b's newest bids; sale a's two are still counted.
    expect(snap().bids.map((bid) => bid.auctionId)).toEqual(['b', 'b', 'b']);
    const a = snap().saleRates.get('a')!;
    expect(a.perSecond).toHaveLength(60);
    expect(a.perSecond.at(-1)).toBe(2);
    expect(a.endsAt).toBe(Math.floor(T0 / 1000) * 1000);
    expect(snap().saleRates.get('b')!.perSecond.at(-1)).toBe(4);
  });

  it('keeps the rates of at most maxSales sales, dropping the one bid on longest ago', () => {
    const { store, snap } = setup({ maxSales: 2 });
    ['a', 'b', 'a', 'c'].forEach((auctionId, index) => store.ingest(nth(index + 1, { auctionId })));
    expect([...snap().saleRates.keys()]).toEqual(['a', 'c']);
  });
});

describe('per-lot aggregation', () => {
  it('tracks high bid, count, leader, title and currency per auction/lot', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { lotId: 'lot-a', amount: 1_000, bidder: 'Alice', currency: 'GBP' }),
      nth(2, { lotId: 'lot-a', amount: 1_500, bidder: 'Bob', currency: 'GBP' }),
      nth(3, { lotId: 'lot-b', amount: 700, bidder: 'Carol', lotTitle: 'Tea set' }),
    ]);
    const { lots } = snap();
    expect(lots).toEqual([
      {
        key: saleLotKey('auction-1', 'lot-b'),
        auctionId: 'auction-1',
        lotId: 'lot-b',
        lotTitle: 'Tea set',
        currency: 'EUR',
        highBid: 700,
        bidCount: 1,
        leader: 'Carol',
        lastTimetoken: tt(T0 + 3),
        lastBidTimetoken: tt(T0 + 3),
        closedTimetoken: null,
      },
      {
        key: saleLotKey('auction-1', 'lot-a'),
        auctionId: 'auction-1',
        lotId: 'lot-a',
        lotTitle: 'Title of lot-a',
        currency: 'GBP',
        highBid: 1_500,
        bidCount: 2,
        leader: 'Bob',
        lastTimetoken: tt(T0 + 2),
        lastBidTimetoken: tt(T0 + 2),
        closedTimetoken: null,
      },
    ]);
  });

  it('keeps lots of the same lotId in different auctions apart', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { auctionId: 'auction-1', lotId: 'lot-1', amount: 100 }),
      nth(2, { auctionId: 'auction-2', lotId: 'lot-1', amount: 200 }),
    ]);
    expect(snap().lots.map((lot) => [lot.key, lot.highBid])).toEqual([
      [saleLotKey('auction-2', 'lot-1'), 200],
      [saleLotKey('auction-1', 'lot-1'), 100],
    ]);
  });

  it('keeps apart two lots whose ids would join to the same text ("a/b" + "c", "a" + "b/c")', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { auctionId: 'a/b', lotId: 'c', amount: 100 }),
      nth(2, { auctionId: 'a', lotId: 'b/c', amount: 200 }),
    ]);
    expect(snap().lots.map((lot) => [lot.auctionId, lot.lotId, lot.highBid, lot.bidCount])).toEqual(
      [
        ['a', 'b/c', 200, 1],
        ['a/b', 'c', 100, 1],
      ],
    );
  });

  it.each([
    {
      name: 'in order',
      arrival: [
        { id: 1, amount: 1_000, bidder: 'Alice' },
        { id: 2, amount: 1_200, bidder: 'Bob' },
        { id: 3, amount: 1_500, bidder: 'Carol' },
      ],
      highBid: 1_500,
      leader: 'Carol',
    },
    {
      name: 'with a lower bid arriving last',
      arrival: [
        { id: 1, amount: 1_000, bidder: 'Alice' },
        { id: 3, amount: 1_500, bidder: 'Carol' },
        { id: 2, amount: 1_200, bidder: 'Bob' },
      ],
      highBid: 1_500,
      leader: 'Carol',
    },
    {
      name: 'with the highest bid arriving late (history replay)',
      arrival: [
        { id: 3, amount: 1_100, bidder: 'Carol' },
        { id: 1, amount: 1_000, bidder: 'Alice' },
        { id: 2, amount: 2_000, bidder: 'Bob' },
      ],
      highBid: 2_000,
      leader: 'Bob',
    },
    {
      name: 'with an equal amount later (first bidder at that amount leads)',
      arrival: [
        { id: 1, amount: 1_000, bidder: 'Alice' },
        { id: 2, amount: 1_000, bidder: 'Bob' },
      ],
      highBid: 1_000,
      leader: 'Alice',
    },
  ])('the leader follows the highest amount $name', ({ arrival, highBid, leader }) => {
    const { store, snap } = setup();
    for (const { id, amount, bidder } of arrival) store.ingest(nth(id, { amount, bidder }));
    const [lot] = snap().lots;
    expect(lot).toMatchObject({ highBid, leader, bidCount: arrival.length });
    expect(lot!.lastTimetoken).toBe(tt(T0 + Math.max(...arrival.map(({ id }) => id))));
  });

  it('orders lots most recently bid on first', () => {
    const { store, snap } = setup();
    store.ingest([nth(1, { lotId: 'a' }), nth(2, { lotId: 'b' }), nth(3, { lotId: 'c' })]);
    store.ingest(nth(4, { lotId: 'a' }));
    expect(snap().lots.map((lot) => lot.lotId)).toEqual(['a', 'c', 'b']);
  });

  it('lot.closed marks the lot closed and keeps its figures', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { lotId: 'a', amount: 500, bidder: 'Alice' }),
      nth(2, { lotId: 'b', amount: 900, bidder: 'Bob' }),
    ]);
    expect(store.ingest(closedMessage(tt(T0 + 3), 'a', uuid(1)))).toBe(0);
    const lots = snap().lots;
    const a = lots.find((lot) => lot.lotId === 'a');
    const b = lots.find((lot) => lot.lotId === 'b');
    expect(a).toMatchObject({
      closedTimetoken: tt(T0 + 3),
      highBid: 500,
      leader: 'Alice',
      bidCount: 1,
    });
    expect(b).toMatchObject({ closedTimetoken: null });
  });

  it('lot.closed with winningBidId null (unsold) also closes the lot', () => {
    const { store, snap } = setup();
    store.ingest(nth(1, { lotId: 'a' }));
    store.ingest(closedMessage(tt(T0 + 2), 'a', null));
    expect(snap().lots[0]).toMatchObject({ lotId: 'a', closedTimetoken: tt(T0 + 2) });
  });

  it('lot.closed of another auction does not close a lot with the same lotId', () => {
    const { store, snap } = setup();
    store.ingest(nth(1, { lotId: 'a', auctionId: 'auction-1' }));
    store.ingest(closedMessage(tt(T0 + 2), 'a', null, 'auction-2'));
    expect(snap().lots).toEqual([
      expect.objectContaining({ key: saleLotKey('auction-1', 'a'), closedTimetoken: null }),
    ]);
  });

  it('a bid replayed after lot.closed does not reopen the lot', () => {
    const { store, snap } = setup();
    store.ingest([nth(2, { lotId: 'a' }), closedMessage(tt(T0 + 3), 'a', uuid(2))]);
    store.ingest(nth(1, { lotId: 'a', amount: 10 }));
    expect(snap().lots[0]).toMatchObject({ closedTimetoken: tt(T0 + 3), bidCount: 2 });
  });

  it('a lot.closed that arrives before its lot’s bids (live close, bids from history catch-up) still marks the lot closed', () => {
    const { store, snap } = setup();
    store.ingest(closedMessage(tt(T0 + 10), 'a', uuid(2)));
    store.ingest([
      nth(1, { lotId: 'a', bidder: 'Alice' }),
      nth(2, { lotId: 'a', amount: 2_000, bidder: 'Bob' }),
    ]);
    // Published before the close: they made the result, whenever they arrived.
    expect(snap().lots[0]).toMatchObject({
      lotId: 'a',
      bidCount: 2,
      closedTimetoken: tt(T0 + 10),
      highBid: 2_000,
      leader: 'Bob',
    });
  });

  it('a lot offered again after its close takes bids again; an older lot.opened does not reopen it', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { lotId: 'a', amount: 500, bidder: 'Alice' }),
      closedMessage(tt(T0 + 3), 'a', uuid(1)),
    ]);
    // Replayed late, the lot.opened that came before the close changes nothing.
    store.ingest(openedMessage(tt(T0 + 2), 'a'));
    store.ingest(nth(4, { lotId: 'a', amount: 600, bidder: 'Mallory' }));
    expect(snap().lots[0]).toMatchObject({
      closedTimetoken: tt(T0 + 3),
      highBid: 500,
      leader: 'Alice',
    });
    store.ingest(openedMessage(tt(T0 + 5), 'a'));
    store.ingest(nth(6, { lotId: 'a', amount: 900, bidder: 'Bob' }));
    expect(snap().lots[0]).toMatchObject({
      closedTimetoken: null,
      highBid: 900,
      leader: 'Bob',
      bidCount: 3,
    });
  });

  it('a bid published after its lot closed is late: counted, never the high bid or the leader', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1, { lotId: 'a', amount: 50_000, bidder: 'Online 5521' }),
      closedMessage(tt(T0 + 3), 'a', uuid(1)),
    ]);
    store.ingest(nth(5, { lotId: 'a', amount: 55_000, bidder: 'Paddle 342' }));
    expect(snap().lots[0]).toMatchObject({
      closedTimetoken: tt(T0 + 3),
      highBid: 50_000,
      leader: 'Online 5521',
      bidCount: 2,
      lastBidTimetoken: tt(T0 + 5),
    });
  });
  it('a lot whose every bid seen came after its close has no high bid or leader, until one from before it arrives', () => {
    const { store, snap } = setup();
    // The close is the oldest message read: the lot's own bids were before the history window.
    store.ingest(closedMessage(tt(T0 + 3), 'a', uuid(1)));
    store.ingest(nth(5, { lotId: 'a', amount: 55_000, bidder: 'Paddle 342' }));
    expect(snap().lots[0]).toMatchObject({
      closedTimetoken: tt(T0 + 3),
      highBid: null,
      leader: null,
      bidCount: 1,
      lastBidTimetoken: tt(T0 + 5),
    });
    // The winning bid, from a later read of history: it made the result.
    store.ingest(nth(1, { lotId: 'a', amount: 50_000, bidder: 'Online 5521' }));
    expect(snap().lots[0]).toMatchObject({ highBid: 50_000, leader: 'Online 5521', bidCount: 2 });
  });
});

describe('bounded lots (maxLots)', () => {
  it('never holds more than maxLots lots, evicting the least recently bid on', () => {
    const { store, snap } = setup({ maxLots: 3 });
    store.ingest(['a', 'b', 'c', 'd', 'e'].map((lotId, index) => nth(index + 1, { lotId })));
    expect(snap().lots.map((lot) => lot.lotId)).toEqual(['e', 'd', 'c']);
  });

  it('evicts closed lots first, even when they were bid on more recently', () => {
    const { store, snap } = setup({ maxLots: 3 });
    store.ingest([nth(1, { lotId: 'a' }), nth(2, { lotId: 'b' }), nth(3, { lotId: 'c' })]);
    store.ingest(closedMessage(tt(T0 + 4), 'c', uuid(3)));
    store.ingest(nth(5, { lotId: 'd' }));
    expect(
      snap()
        .lots.map((lot) => lot.lotId)
        .sort(),
    ).toEqual(['a', 'b', 'd']);
    // With no closed lot left, the least recently bid on goes.
    store.ingest(nth(6, { lotId: 'e' }));
    expect(
      snap()
        .lots.map((lot) => lot.lotId)
        .sort(),
    ).toEqual(['b', 'd', 'e']);
  });

  it('of several closed lots, evicts the least recent closed one first', () => {
    const { store, snap } = setup({ maxLots: 3 });
    store.ingest([nth(1, { lotId: 'a' }), nth(2, { lotId: 'b' }), nth(3, { lotId: 'c' })]);
    store.ingest([closedMessage(tt(T0 + 4), 'c', null), closedMessage(tt(T0 + 5), 'b', null)]);
    store.ingest(nth(6, { lotId: 'd' }));
    expect(
      snap()
        .lots.map((lot) => lot.lotId)
        .sort(),
    ).toEqual(['a', 'b', 'd']);
  });
});

describe('counters', () => {
  it('counts invalid messages and never renders them', () => {
    const { store, snap } = setup();
    store.ingest([
      { timetoken: tt(T0 + 1), payload: 'not json' },
      { timetoken: tt(T0 + 2), payload: null },
      { timetoken: tt(T0 + 3), payload: [nth(9).payload] },
      { timetoken: tt(T0 + 4), payload: { ...(nth(4).payload as object), amount: -5 } },
      { timetoken: tt(T0 + 5), payload: { ...(nth(5).payload as object), v: 2 } },
    ]);
    const { bids, lots, counters } = snap();
    expect(bids).toEqual([]);
    expect(lots).toEqual([]);
    expect(counters).toEqual({
      bids: 0,
      invalid: 5,
      undecryptable: 0,
      unknownType: 0,
      duplicates: 0,
    });
  });

  it.each([
    'Decryption error: empty content',
    'Unknown cryptor error',
    'Decryption error: invalid header version',
  ])(
    'counts a message with error "%s" as undecryptable and does not render its payload',
    (error) => {
      const { store, snap } = setup();
      // Even a payload that would be a valid bid is dropped when the SDK reports an error.
      expect(store.ingest({ ...nth(1), error })).toBe(0);
      const { bids, lots, counters } = snap();
      expect(bids).toEqual([]);
      expect(lots).toEqual([]);
      expect(counters).toMatchObject({ undecryptable: 1, invalid: 0, bids: 0 });
      // The bid id was not remembered: the same bid arriving decrypted later is new.
      expect(store.ingest(nth(1))).toBe(1);
    },
  );

  it('treats error null or undefined as no error', () => {
    const { store, snap } = setup();
    expect(
      store.ingest([
        { ...nth(1), error: null },
        { ...nth(2), error: undefined },
      ]),
    ).toBe(2);
    expect(snap().counters.undecryptable).toBe(0);
  });

  it('counts unknown types and does not render them', () => {
    const { store, snap } = setup();
    store.ingest([
      { timetoken: tt(T0 + 1), payload: { ...(nth(1).payload as object), type: 'bid.retracted' } },
      { timetoken: tt(T0 + 2), payload: { type: 'auction.opened', v: 1 } },
    ]);
    const { bids, counters } = snap();
    expect(bids).toEqual([]);
    expect(counters).toEqual({
      bids: 0,
      invalid: 0,
      undecryptable: 0,
      unknownType: 2,
      duplicates: 0,
    });
  });

  it('handles lot.opened as a known message: not a bid, not invalid, not an unknown type', () => {
    const { store, snap } = setup();
    const opened = (timetoken: string, closesAt: string | null): IncomingMessage => ({
      timetoken,
      payload: {
        type: 'lot.opened',
        v: 1,
        auctionId: 'auction-1',
        lotId: 'lot-1',
        openedAt: '2026-11-21T09:59:00.000Z',
        closesAt,
      },
    });
    expect(
      store.ingest([
        opened(tt(T0 + 1), '2026-11-21T10:05:00.000Z'),
        opened(tt(T0 + 2), null),
        nth(3),
      ]),
    ).toBe(1);
    const { bids, lots, counters, lastTimetoken } = snap();
    expect(ids(bids)).toEqual([uuid(3)]);
    expect(lots).toHaveLength(1);
    expect(counters).toEqual({
      bids: 1,
      invalid: 0,
      undecryptable: 0,
      unknownType: 0,
      duplicates: 0,
    });
    expect(lastTimetoken).toBe(tt(T0 + 3));
  });

  it('keeps each kind in its own counter in a mixed batch', () => {
    const { store, snap } = setup();
    store.ingest([
      nth(1),
      nth(1),
      { ...nth(2), error: 'Unknown cryptor error' },
      { timetoken: tt(T0 + 3), payload: 7 },
      { timetoken: tt(T0 + 4), payload: { type: 'bid.retracted' } },
      closedMessage(tt(T0 + 5), 'lot-1'),
      nth(6),
    ]);
    expect(snap().counters).toEqual({
      bids: 2,
      invalid: 1,
      undecryptable: 1,
      unknownType: 1,
      duplicates: 1,
    });
  });
});

describe('lastTimetoken', () => {
  it('is the largest timetoken seen, whatever the arrival order', () => {
    const { store, snap } = setup();
    store.ingest([nth(3), nth(9), nth(1)]);
    expect(snap().lastTimetoken).toBe(tt(T0 + 9));
    store.ingest(nth(5));
    expect(snap().lastTimetoken).toBe(tt(T0 + 9));
  });

  it('counts messages that were not bids (so catch-up does not refetch them)', () => {
    const { store, snap } = setup();
    store.ingest(nth(1));
    store.ingest({ timetoken: tt(T0 + 2), payload: 'junk' });
    expect(snap().lastTimetoken).toBe(tt(T0 + 2));
    store.ingest({ ...nth(3), error: 'Unknown cryptor error' });
    expect(snap().lastTimetoken).toBe(tt(T0 + 3));
    store.ingest({ timetoken: tt(T0 + 4), payload: { type: 'bid.retracted' } });
    expect(snap().lastTimetoken).toBe(tt(T0 + 4));
    store.ingest(closedMessage(tt(T0 + 5), 'lot-1'));
    expect(snap().lastTimetoken).toBe(tt(T0 + 5));
    store.ingest(nth(1)); // a duplicate with an older timetoken
    expect(snap().lastTimetoken).toBe(tt(T0 + 5));
  });

  it('compares numerically across the counter digits', () => {
    const { store, snap } = setup();
    store.ingest([
      bidMessage({ id: 1, timetoken: tt(T0, 10) }),
      bidMessage({ id: 2, timetoken: tt(T0, 9) }),
    ]);
    expect(snap().lastTimetoken).toBe(tt(T0, 10));
  });
});

describe('rate buckets', () => {
  it('ratePerSecond has rateSeconds entries (default 300)', () => {
    expect(setup().store.getSnapshot().ratePerSecond).toHaveLength(300);
    expect(setup({ rateSeconds: 60 }).store.getSnapshot().ratePerSecond).toHaveLength(60);
  });

  it('counts each bid in the second of its timetoken, oldest first, ending at rateEndsAt', () => {
    const { store, snap } = setup({ rateSeconds: 5 });
    store.ingest([
      bidMessage({ id: 1, timetoken: tt(T0 + 0) }), // second 0
      bidMessage({ id: 2, timetoken: tt(T0 + 999, 9_999) }), // still second 0
      bidMessage({ id: 3, timetoken: tt(T0 + 2_000) }), // second 2
      bidMessage({ id: 4, timetoken: tt(T0 + 4_000) }), // second 4
      bidMessage({ id: 5, timetoken: tt(T0 + 4_500) }), // second 4
      bidMessage({ id: 6, timetoken: tt(T0 + 4_999) }), // second 4
    ]);
    const { ratePerSecond, rateEndsAt } = snap();
    expect(ratePerSecond).toEqual([2, 0, 1, 0, 3]);
    // rateEndsAt is the start (ms) of the last bucket's second.
    expect(rateEndsAt).toBe(T0 + 4_000);
  });

  it('counts only new bids: not duplicates, invalid, undecryptable or unknown types', () => {
    const { store, snap } = setup({ rateSeconds: 3 });
    store.ingest([
      nth(1),
      nth(1),
      { ...nth(2), error: 'Unknown cryptor error' },
      { timetoken: tt(T0 + 3), payload: 'junk' },
      { timetoken: tt(T0 + 4), payload: { type: 'bid.retracted' } },
    ]);
    expect(snap().ratePerSecond).toEqual([0, 0, 1]);
  });

  it('slides with the newest publish time and forgets seconds that left the window', () => {
    const { store, snap } = setup({ rateSeconds: 3 });
    store.ingest([nth(1), bidMessage({ id: 2, timetoken: tt(T0 + 1_000) })]);
    expect(snap().ratePerSecond).toEqual([0, 1, 1]);
    store.ingest(bidMessage({ id: 3, timetoken: tt(T0 + 3_000) }));
    const { ratePerSecond, rateEndsAt } = snap();
    expect(ratePerSecond).toEqual([1, 0, 1]);
    expect(rateEndsAt).toBe(T0 + 3_000);
    store.ingest(bidMessage({ id: 4, timetoken: tt(T0 + 10_000) }));
    expect(snap().ratePerSecond).toEqual([0, 0, 1]);
    expect(snap().rateEndsAt).toBe(T0 + 10_000);
  });

  it('places a late bid in its own second, and drops one older than the window', () => {
    const { store, snap } = setup({ rateSeconds: 3 });
    store.ingest(bidMessage({ id: 1, timetoken: tt(T0 + 5_000) }));
    store.ingest(bidMessage({ id: 2, timetoken: tt(T0 + 3_500) })); // in window (second 3)
    store.ingest(bidMessage({ id: 3, timetoken: tt(T0 + 2_999) })); // second 2: outside
    const { ratePerSecond, rateEndsAt, bids } = snap();
    expect(ratePerSecond).toEqual([1, 0, 1]);
    expect(rateEndsAt).toBe(T0 + 5_000);
    expect(bids).toHaveLength(3); // still a bid, only not in the rate
  });
});

describe('notifications', () => {
  it('getSnapshot keeps the same object until the scheduled flush runs', () => {
    const { store, pending, listener, flush } = setup();
    const before = store.getSnapshot();
    store.ingest(nth(1));
    expect(store.getSnapshot()).toBe(before);
    expect(store.getSnapshot().bids).toEqual([]);
    expect(listener).not.toHaveBeenCalled();
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().bids).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ingesting 1,000 messages in one call schedules one flush and calls the listener once', () => {
    const { store, pending, listener, flush } = setup();
    const before = store.getSnapshot();
    const messages = Array.from({ length: 1_000 }, (_, index) => nth(index + 1));
    expect(store.ingest(messages)).toBe(1_000);
    expect(pending).toHaveLength(1);
    expect(store.getSnapshot()).toBe(before);
    expect(flush()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().bids).toHaveLength(500);
    expect(store.getSnapshot().counters.bids).toBe(1_000);
  });

  it('ingesting 1,000 messages one call at a time schedules one flush and calls the listener once', () => {
    const { store, pending, listener, flush } = setup();
    const before = store.getSnapshot();
    for (let id = 1; id <= 1_000; id += 1) {
      store.ingest(nth(id));
      expect(store.getSnapshot()).toBe(before);
    }
    store.setConnection('live');
    store.setWatching(3);
    expect(pending).toHaveLength(1);
    expect(flush()).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    const after = store.getSnapshot();
    expect(after).toMatchObject({ connection: 'live', watching: 3 });
    expect(after.counters.bids).toBe(1_000);
    // Stable between flushes: repeated reads answer the same object.
    expect(store.getSnapshot()).toBe(after);
  });

  it('schedules again after a flush, once per batch of changes', () => {
    const { store, pending, listener, flush } = setup();
    store.ingest(nth(1));
    flush();
    store.ingest(nth(2));
    store.ingest(nth(3));
    expect(pending).toHaveLength(1);
    flush();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(ids(store.getSnapshot().bids)).toEqual([uuid(3), uuid(2), uuid(1)]);
  });

  it('an ingest of no messages does not notify', () => {
    const { store, pending } = setup();
    store.ingest([]);
    expect(pending).toHaveLength(0);
  });

  it('notifies every subscriber, and not one that unsubscribed', () => {
    const { store, listener, flush } = setup();
    const second = jest.fn();
    const unsubscribe = store.subscribe(second);
    store.ingest(nth(1));
    flush();
    unsubscribe();
    store.ingest(nth(2));
    flush();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('a duplicate-only or invalid-only ingest still publishes its counters', () => {
    const { store, snap } = setup();
    store.ingest(nth(1));
    snap();
    store.ingest(nth(1));
    expect(snap().counters.duplicates).toBe(1);
    store.ingest({ timetoken: tt(T0 + 2), payload: 'junk' });
    expect(snap().counters.invalid).toBe(1);
  });
});

describe('setConnection / setWatching / setReplayed', () => {
  it.each(['live', 'reconnecting', 'offline', 'denied'] as const)(
    'setConnection(%s) notifies once, and again with the same state does not',
    (state) => {
      const { store, pending, listener, flush } = setup();
      store.setConnection(state);
      expect(pending).toHaveLength(1);
      flush();
      expect(store.getSnapshot().connection).toBe(state);
      store.setConnection(state);
      expect(pending).toHaveLength(0);
      expect(listener).toHaveBeenCalledTimes(1);
    },
  );

  it('setConnection to the initial connecting state does not notify', () => {
    const { store, pending } = setup();
    store.setConnection('connecting');
    expect(pending).toHaveLength(0);
  });

  it('setWatching notifies only on change (including back to null)', () => {
    const { store, pending, flush } = setup();
    store.setWatching(null);
    expect(pending).toHaveLength(0);
    store.setWatching(4);
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot().watching).toBe(4);
    store.setWatching(4);
    expect(pending).toHaveLength(0);
    store.setWatching(0);
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot().watching).toBe(0);
    store.setWatching(null);
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot().watching).toBeNull();
  });

  it('setReplayed notifies on change and publishes the count', () => {
    const { store, pending, flush } = setup();
    store.setReplayed(12);
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot().replayed).toBe(12);
    store.setReplayed(0);
    expect(pending).toHaveLength(1);
    flush();
    expect(store.getSnapshot().replayed).toBe(0);
  });

  it('setReplayed with the same count does not notify', () => {
    const { store, pending, listener, flush } = setup();
    store.setReplayed(12);
    flush();
    const before = store.getSnapshot();
    store.setReplayed(12);
    expect(pending).toHaveLength(0);
    flush();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(before);
  });
});

describe('setEarlier', () => {
  it('publishes each step of the first-load replay', () => {
    const { store, pending, flush } = setup();
    for (const earlier of [
      { state: 'loading' },
      { state: 'loaded', bids: 1_234 },
      { state: 'failed' },
    ] as const) {
      store.setEarlier(earlier);
      expect(pending).toHaveLength(1);
      flush();
      expect(store.getSnapshot().earlier).toEqual(earlier);
    }
  });
});

describe('countBidsBetween', () => {
  it.each([
    { after: tt(T0), until: tt(T0 + 5), count: 5, name: 'excludes after, includes until' },
    { after: tt(T0 + 1), until: tt(T0 + 4), count: 3, name: 'inner range' },
    { after: tt(T0 + 2), until: tt(T0 + 2), count: 0, name: 'an empty range' },
    { after: tt(T0 - 1_000), until: tt(T0 + 1_000), count: 5, name: 'all of them' },
    { after: tt(T0 + 5), until: tt(T0 + 1_000), count: 0, name: 'after the newest' },
    { after: tt(T0 + 1, 1), until: tt(T0 + 2, 0), count: 1, name: 'counter precision' },
    { after: tt(T0 + 4), until: tt(T0 + 1), count: 0, name: 'a reversed range' },
  ])('$name: ($after, $until] holds $count', ({ after, until, count }) => {
    const { store } = setup();
    store.ingest([1, 2, 3, 4, 5].map((id) => nth(id)));
    // Reads the live bids, not the (unflushed) snapshot.
    expect(store.countBidsBetween(after, until)).toBe(count);
  });

  it('counts only the bids the window still holds', () => {
    const { store } = setup({ windowSize: 2 });
    store.ingest([1, 2, 3, 4, 5].map((id) => nth(id)));
    expect(store.countBidsBetween(tt(T0), tt(T0 + 5))).toBe(2);
  });
});

describe('reset', () => {
  it('clears bids, lots, counters, connection, watching, replayed, lastTimetoken and rate', () => {
    const { store, pending, listener, flush } = setup({ rateSeconds: 3 });
    store.ingest([nth(1), nth(1), { timetoken: tt(T0 + 2), payload: 'junk' }]);
    store.setConnection('live');
    store.setWatching(5);
    store.setReplayed(7);
    store.setEarlier({ state: 'loaded', bids: 3 });
    flush();
    store.reset();
    expect(pending).toHaveLength(1);
    flush();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual({
      bids: [],
      lots: [],
      counters: { bids: 0, invalid: 0, undecryptable: 0, unknownType: 0, duplicates: 0 },
      connection: 'connecting',
      watching: null,
      lastTimetoken: null,
      replayed: null,
      earlier: { state: 'waiting' },
      ratePerSecond: [0, 0, 0],
      rateEndsAt: 0,
      saleRates: new Map(),
    });
    expect(store.countBidsBetween(tt(0), tt(T0 + 1_000))).toBe(0);
  });

  it('forgets seen bid ids: the same bid after a reset is new', () => {
    const { store, snap } = setup();
    store.ingest(nth(1));
    store.reset();
    expect(store.ingest(nth(1))).toBe(1);
    expect(snap().counters).toMatchObject({ bids: 1, duplicates: 0 });
  });
});

describe('memory stays flat', () => {
  it('50,000 distinct bids with windowSize 500: 500 bids, lots <= maxLots, one bounded rate', () => {
    const { store, pending, snap } = setup({ windowSize: 500, maxLots: 200, rateSeconds: 300 });
    let added = 0;
    for (let start = 0; start < 50_000; start += 1_000) {
      const batch = Array.from({ length: 1_000 }, (_, offset) => {
        const id = start + offset;
        // 20 bids a second, 100 bids per lot: 500 lots in all.
        return bidMessage({
          id,
          timetoken: tt(T0 + id * 50),
          lotId: `lot-${Math.floor(id / 100)}`,
        });
      });
      added += store.ingest(batch);
    }
    expect(added).toBe(50_000);
    expect(pending).toHaveLength(1);
    const { bids, lots, counters, ratePerSecond } = snap();
    expect(bids).toHaveLength(500);
    expect(bids[0]!.bidId).toBe(uuid(49_999));
    expect(bids[499]!.bidId).toBe(uuid(49_500));
    expect(lots.length).toBeLessThanOrEqual(200);
    expect(lots[0]!.lotId).toBe('lot-499');
    expect(counters).toMatchObject({ bids: 50_000, duplicates: 0 });
    expect(ratePerSecond).toHaveLength(300);
    expect(ratePerSecond.every((count) => count === 20)).toBe(true);
  });

  it('the seen-id set is bounded (windowSize × 20): a bid id seen 30,000 bids ago is accepted again as new, one seen 5,000 bids ago is still a duplicate', () => {
    const { store, snap } = setup({ windowSize: 500 });
    const distinct = (from: number, count: number) =>
      Array.from({ length: count }, (_, offset) => nth(from + offset));
    expect(store.ingest(distinct(0, 30_001))).toBe(30_001);
    // Bid 25,000 is 5,000 bids back: still remembered.
    expect(store.ingest(nth(25_000))).toBe(0);
    // Bid 0 is 30,000 bids back, beyond the 10,000 remembered ids: taken as new again.
    expect(store.ingest(nth(0))).toBe(1);
    const { counters, bids } = snap();
    expect(counters).toMatchObject({ bids: 30_002, duplicates: 1 });
    // It is older than the whole window, so it is not shown.
    expect(bids.some((bid) => bid.bidId === uuid(0))).toBe(false);
  });
});
