/** @jest-environment node */
// The bid store: memory stays bounded, and a reset forgets everything.
import { T0, tt, uuid, bidMessage, closedMessage, nth, setup } from './testing/bid-messages';

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
