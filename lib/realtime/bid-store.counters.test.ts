/** @jest-environment node */
// The bid store: what is counted of each kind of message, and the bids between two timetokens.
import type { IncomingMessage } from '@/lib/sale-desk/stored-messages';
import { T0, tt, uuid, closedMessage, nth, setup, ids } from './testing/bid-messages';

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
