/** @jest-environment node */
// The bid store: the lot board: high bid, leader, closes, opens and late bids.
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { T0, tt, uuid, closedMessage, openedMessage, nth, setup } from './testing/bid-messages';

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
