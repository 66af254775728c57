import type { Sale } from '@/lib/sales/lot';
import { bidOf, uuid } from '@/lib/sale-desk/testing/flag-script';
import { createBidStore } from './bid-store';
import { saleLotKey } from '@/lib/sales/sale-lot-key';
import { createSaleDeskStore } from './sale-desk-store';

const sale = (auctionId: string, lots: Array<[lotId: string, lotNumber: number]>): Sale => ({
  auctionId,
  saleTitle: `Sale ${auctionId}`,
  lots: lots.map(([lotId, lotNumber]) => ({
    auctionId,
    lotId,
    lotNumber,
    lotTitle: '1967 Ford Mustang Shelby GT500',
    currency: 'EUR',
    lowEstimate: 100_000,
    highEstimate: 200_000,
    reserve: null,
    startingBid: 50_000,
    scheduledCloseAt: null,
  })),
});

function setup(
  loaded: Sale[] = [
    sale('auction-1', [
      ['lot-2', 2],
      ['lot-1', 1],
    ]),
  ],
) {
  let clock = 1_000_000;
  const load = jest.fn(() => Promise.resolve(loaded));
  const desk = createSaleDeskStore({ load, now: () => clock, schedule: (flush) => flush() });
  const store = createBidStore({ observer: desk, schedule: (flush) => flush() });
  let timetoken = 17_000_000_000_000_000;
  const ingest = (payload: unknown) =>
    store.ingest({ timetoken: String((timetoken += 10)), payload });
  return { desk, store, load, ingest, advance: (ms: number) => (clock += ms) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sale desk store', () => {
  it('loads the catalogue with lots in lot-number order', async () => {
    const { desk } = setup();
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot().catalogueAnswered).toBe(true);
    expect(desk.getSnapshot().catalogueLoaded).toBe(true);
    const [loaded] = desk.getSnapshot().sales;
    expect(loaded!.lots.map((lot) => lot.lotId)).toEqual(['lot-1', 'lot-2']);
    expect(desk.lookup('auction-1', 'lot-2')?.lotNumber).toBe(2);
  });

  it('read again, the same catalogue keeps its sales; lots catalogued since are added', async () => {
    const first = [sale('auction-1', [['lot-1', 1]])];
    const { desk, load } = setup(first);
    await desk.refresh();
    await flush();
    const before = desk.getSnapshot();
    load.mockResolvedValueOnce(JSON.parse(JSON.stringify(first)) as Sale[]);
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot()).toBe(before);
    load.mockResolvedValueOnce([
      sale('auction-1', [
        ['lot-1', 1],
        ['lot-2', 2],
      ]),
    ]);
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot().sales[0]!.lots.map((lot) => lot.lotId)).toEqual(['lot-1', 'lot-2']);
  });

  it('refreshes on a bid for an unknown lot, at most once per few seconds', async () => {
    const { desk, load, ingest, advance } = setup();
    await desk.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    ingest(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-1' }, 0));
    expect(load).toHaveBeenCalledTimes(1);
    advance(6_000);
    ingest(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-9', id: 2 }, 1));
    await flush();
    ingest(bidOf({ paddle: 'P2', amount: 110_000, lot: 'lot-9', id: 3 }, 2));
    expect(load).toHaveBeenCalledTimes(2);
    advance(6_000);
    ingest(bidOf({ paddle: 'P1', amount: 120_000, lot: 'lot-9', id: 4 }, 3));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps which lots are open, with closesAt, and which closed, sold or passed', () => {
    const { desk, ingest } = setup();
    const closesAt = '2026-11-21T10:05:00.000Z';
    const stateOf = (lotId: string) =>
      desk.getSnapshot().lotStates.get(saleLotKey('auction-1', lotId));
    const opened = { type: 'lot.opened', v: 1, auctionId: 'auction-1', openedAt: closesAt };
    const closed = { type: 'lot.closed', v: 1, auctionId: 'auction-1', closedAt: closesAt };
    ingest({ ...opened, lotId: 'lot-1', closesAt });
    ingest({ ...opened, lotId: 'lot-2', closesAt: null });
    expect(stateOf('lot-1')).toEqual({ open: true, closesAt, sold: false });
    ingest({ ...closed, lotId: 'lot-1', winningBidId: null });
    ingest({ ...closed, lotId: 'lot-2', winningBidId: '00000000-0000-4000-8000-000000000001' });
    expect(stateOf('lot-1')).toEqual({ open: false, closesAt, sold: false });
    expect(stateOf('lot-2')).toEqual({ open: false, closesAt: null, sold: true });
  });

  it('feeds every new bid to one flags engine, once, duplicates included', () => {
    const { desk, ingest } = setup();
    const first = bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0);
    ingest(first);
    ingest(first);
    // Far more than five increments above 1,000.00 EUR.
    ingest(bidOf({ paddle: 'P2', amount: 900_000, id: 2 }, 1));
    const { flags, flagCounts } = desk.getSnapshot();
    expect(flags.map((flag) => flag.rule)).toEqual(['jump']);
    expect(flags[0]!.bidIds).toContain(uuid(2));
    expect(flagCounts.jump).toBe(1);
  });

  it('a late bid after lot.closed is flagged; lot.opened clears it', () => {
    const { desk, ingest } = setup();
    ingest(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0));
    ingest({
      type: 'lot.closed',
      v: 1,
      auctionId: 'auction-1',
      lotId: 'lot-1',
      winningBidId: uuid(1),
      closedAt: '2026-11-21T10:05:00.000Z',
    });
    ingest(bidOf({ paddle: 'P2', amount: 105_000, id: 2 }, 1));
    expect(desk.getSnapshot().flagCounts.late).toBe(1);
  });

  it('two sales with the same lot title stay two lots', async () => {
    const { desk } = setup([sale('cars-a', [['mustang', 1]]), sale('cars-b', [['mustang', 1]])]);
    await desk.refresh();
    expect(desk.lookup('cars-a', 'mustang')?.auctionId).toBe('cars-a');
    expect(desk.lookup('cars-b', 'mustang')?.auctionId).toBe('cars-b');
    expect(saleLotKey('a/b', 'c')).not.toBe(saleLotKey('a', 'b/c'));
  });

  it('sign-out forgets the catalogue, the lot states and the flags; a late answer is dropped', async () => {
    let resolve: (sales: Sale[]) => void = () => {};
    const desk = createSaleDeskStore({
      load: () => new Promise((done) => (resolve = done)),
      schedule: (flush) => flush(),
    });
    const pending = desk.refresh();
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0));
    desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 2 }, 1));
    expect(desk.getSnapshot().flags).toHaveLength(1);
    desk.reset();
    resolve([sale('auction-1', [['lot-1', 1]])]);
    await pending;
    expect(desk.getSnapshot().sales).toEqual([]);
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    expect(desk.getSnapshot().flags).toEqual([]);
    expect(desk.getSnapshot().flagCounts.jump).toBe(0);
  });

  it('a failed load keeps the catalogue it had', async () => {
    const load = jest
      .fn<Promise<Sale[]>, []>()
      .mockResolvedValueOnce([sale('auction-1', [['lot-1', 1]])])
      .mockRejectedValueOnce(new Error('down'));
    const desk = createSaleDeskStore({ load, schedule: (flush) => flush() });
    await desk.refresh();
    const before = desk.getSnapshot();
    const listener = jest.fn();
    desk.subscribe(listener);
    await desk.refresh();
    // Nothing to show: no notice, no render of the desk.
    expect(desk.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(desk.getSnapshot().sales).toHaveLength(1);
    expect(desk.getSnapshot()).toMatchObject({ catalogueLoaded: true, catalogueError: null });
  });

  it('says why a read failed until one succeeds; once one did, later failures are not shown', async () => {
    const down = new Error('down');
    const stillDown = new Error('still down');
    const catalogue = [sale('auction-1', [['lot-1', 1]])];
    const load = jest
      .fn<Promise<Sale[]>, []>()
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(stillDown)
      .mockResolvedValueOnce(catalogue)
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(catalogue);
    const desk = createSaleDeskStore({ load, schedule: (flush) => flush() });
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({ catalogueLoaded: false, catalogueError: down });
    // A retry that fails again says so (the notice's reason is the newest).
    await desk.refresh();
    expect(desk.getSnapshot().catalogueError).toBe(stillDown);
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({ catalogueLoaded: true, catalogueError: null });
    const before = desk.getSnapshot();
    await desk.refresh();
    await desk.refresh();
    expect(desk.getSnapshot()).toBe(before);
  });

  it('a failed first load still answers: /dash need not wait for a catalogue that cannot come', async () => {
    const desk = createSaleDeskStore({
      load: () => Promise.reject(new Error('down')),
      schedule: (flush) => flush(),
    });
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({
      sales: [],
      catalogueAnswered: true,
      catalogueLoaded: false,
      catalogueError: new Error('down'),
    });
  });
});
