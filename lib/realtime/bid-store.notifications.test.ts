/** @jest-environment node */
// The bid store: one snapshot and one notification per frame, and the setters.
import { T0, tt, uuid, nth, setup, ids } from './testing/bid-messages';

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
