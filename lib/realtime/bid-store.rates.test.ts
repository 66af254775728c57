/** @jest-environment node */
// The bid store: bids per second, of the whole stream and per sale.
import { T0, tt, bidMessage, nth, setup } from './testing/bid-messages';

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
