/** @jest-environment node */
// The composition root: the stores are built by `createStores`, wired there (the bid store tells
// its sale desk what arrives and when to forget), and the app's are built on first use, never
// at import.
import type { DeskCatalogue } from '@/lib/sales/lot';
import { bidOf } from '@/testing/sale-desk/flag-script';
import { createBidStore } from './bid-store';
import { createSaleDeskStore } from './sale-desk-store';
import { browserStores, createStores, saleDesk } from './stores';
import { catalogueOf, auction1, noFlags, raisedJump, tt } from './testing/sale-desk-fixtures';

jest.mock('./bid-store', () => {
  const actual = jest.requireActual('./bid-store');
  return { ...actual, createBidStore: jest.fn(actual.createBidStore) };
});
jest.mock('./sale-desk-store', () => {
  const actual = jest.requireActual('./sale-desk-store');
  return { ...actual, createSaleDeskStore: jest.fn(actual.createSaleDeskStore) };
});

const now = (flush: () => void) => flush();
/** The stores built by importing `./stores` (and everything it imports): none. */
const builtAtImport = [createBidStore, createSaleDeskStore].map(
  (create) => jest.mocked(create).mock.calls.length,
);

describe('createStores', () => {
  it('wires the bid store to its sale desk: what the store takes, the desk folds', async () => {
    const load = jest.fn(() => Promise.resolve(catalogueOf([auction1()], tt(5))));
    const { bidStore, saleDesk: desk } = createStores({ load, loadFlags: noFlags, schedule: now });
    await desk.refresh();
    bidStore.ingest({ timetoken: tt(10), payload: bidOf({ paddle: 'P1', amount: 100_000 }, 0) });
    expect(desk.getSnapshot().records.size).toBe(1);
    // A sign-out resets the bid store, and through it the desk.
    bidStore.reset();
    expect(desk.getSnapshot()).toMatchObject({ catalogueAnswered: false, sales: [] });
    expect(desk.getSnapshot().records.size).toBe(0);
  });

  it('builds a new pair each time it is called', () => {
    const parts = { load: () => new Promise<DeskCatalogue>(() => {}), loadFlags: noFlags };
    expect(createStores(parts).bidStore).not.toBe(createStores(parts).bidStore);
  });
});

describe('browserStores', () => {
  it('builds nothing at import; the first call builds the app’s stores, every call after answers them', () => {
    expect(builtAtImport).toEqual([0, 0]);
    jest.mocked(createBidStore).mockClear();
    jest.mocked(createSaleDeskStore).mockClear();
    // The dashboard's components reach the desk through `saleDesk`: the first call builds it.
    jest.useFakeTimers();
    try {
      saleDesk.takeFlag(raisedJump());
      jest.advanceTimersByTime(16);
    } finally {
      jest.useRealTimers();
    }
    const stores = browserStores();
    expect(stores.saleDesk.getSnapshot().flags.map((flag) => flag.id)).toEqual([raisedJump().id]);
    expect(browserStores()).toBe(stores);
    expect(createBidStore).toHaveBeenCalledTimes(1);
    expect(createSaleDeskStore).toHaveBeenCalledTimes(1);
    expect(createBidStore).toHaveBeenCalledWith(
      expect.objectContaining({ observer: stores.saleDesk }),
    );
  });
});
