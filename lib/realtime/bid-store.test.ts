/** @jest-environment node */
// The bid store: new bids, duplicates, order, the bounded window and the newest timetoken.
import { T0, tt, uuid, bidMessage, closedMessage, nth, setup, ids } from './testing/bid-messages';

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
