// The sale desk: the catalogue: its reads, the page's record, failures and sign-out.
import type { DeskCatalogue } from '@/lib/sales/lot';
import { bidOf } from '@/testing/sale-desk/flag-script';
import { saleLotKey } from '@/lib/sale-desk/sale-lot-key';
import { createSaleDeskStore } from './sale-desk-store';
import {
  sale,
  tt,
  catalogueOf,
  noFlags,
  raisedJump,
  recordOf,
  auction1,
  setup,
  flush,
  recordOn,
} from './testing/sale-desk-fixtures';

describe('sale desk store', () => {
  it('loads the catalogue with lots in lot-number order, and how far the record reaches', async () => {
    const { desk } = setup([auction1()], tt(50));
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    expect(desk.getSnapshot().recordedThrough).toBeNull();
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot().catalogueAnswered).toBe(true);
    expect(desk.getSnapshot().catalogueLoaded).toBe(true);
    expect(desk.getSnapshot().recordedThrough).toBe(tt(50));
    const [loaded] = desk.getSnapshot().sales;
    expect(loaded!.lots.map((lot) => lot.lotId)).toEqual(['lot-1', 'lot-2']);
    expect(desk.lookup('auction-1', 'lot-2')?.lotNumber).toBe(2);
    // Both upcoming in the record: no lot state yet.
    expect(desk.getSnapshot().records.size).toBe(0);
  });

  it('takes the record the page was rendered with before any read; never over a read that answered', async () => {
    const { desk, load } = setup([auction1(), sale('auction-2', [['lot-1', 1]])], tt(50));
    desk.seed(catalogueOf([auction1()], tt(40), recordOf([[10, 'P1', 100_000]])));
    expect(desk.getSnapshot()).toMatchObject({ catalogueAnswered: true, recordedThrough: tt(40) });
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual(['auction-1']);
    expect(recordOn(desk, 'lot-1')).toMatchObject({ bids: 1, highBid: 100_000 });
    // The desk's own read brings every sale, as ever.
    await desk.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual([
      'auction-1',
      'auction-2',
    ]);
    // A page record coming after it (a later render) is older than what the desk holds.
    desk.seed(catalogueOf([auction1()], tt(5)));
    expect(desk.getSnapshot().recordedThrough).toBe(tt(50));
    expect(desk.getSnapshot().sales).toHaveLength(2);
    // Every sale read already: nothing more to read for the all-sales view.
    await desk.readAll();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with the page’s record alone, reads every sale when the all-sales view asks, not for another sale’s bid', async () => {
    const { desk, load, advance } = setup([auction1(), sale('auction-2', [['lot-1', 1]])], tt(50));
    desk.seed(catalogueOf([auction1()], tt(40)));
    // A bid of another sale: not in the focus; folded, not read for.
    desk.onBid(
      bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-1', auction: 'auction-2', id: 60 }, 0),
      tt(60),
    );
    expect(load).not.toHaveBeenCalled();
    // A lot of the page's own sale catalogued since: read for at once.
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, lot: 'lot-9', id: 61 }, 0), tt(61));
    expect(load).toHaveBeenCalledTimes(1);
    await flush();
    // That read brought every sale: the all-sales view needs nothing more.
    await desk.readAll();
    expect(load).toHaveBeenCalledTimes(1);
    expect(desk.getSnapshot().sales.map((one) => one.auctionId)).toEqual([
      'auction-1',
      'auction-2',
    ]);
    advance(10_000);
    // And the all-sales view opened before any such read asks for them.
    const { desk: other, load: otherLoad } = setup([auction1(), sale('auction-2', [['lot-1', 1]])]);
    other.seed(catalogueOf([auction1()], tt(40)));
    await other.readAll();
    expect(otherLoad).toHaveBeenCalledTimes(1);
    expect(other.getSnapshot().sales).toHaveLength(2);
  });

  it('read again, the same catalogue keeps its sales; lots catalogued since are added', async () => {
    const first = [sale('auction-1', [['lot-1', 1]])];
    const { desk, load } = setup(first, tt(10));
    await desk.refresh();
    await flush();
    const before = desk.getSnapshot();
    load.mockResolvedValueOnce(JSON.parse(JSON.stringify(catalogueOf(first, tt(10)))));
    await desk.refresh();
    await flush();
    expect(desk.getSnapshot()).toBe(before);
    // The same sales, the record further on: taken.
    load.mockResolvedValueOnce(catalogueOf(first, tt(20)));
    await desk.refresh();
    expect(desk.getSnapshot()).not.toBe(before);
    expect(desk.getSnapshot().recordedThrough).toBe(tt(20));
    load.mockResolvedValueOnce(
      catalogueOf(
        [
          sale('auction-1', [
            ['lot-1', 1],
            ['lot-2', 2],
          ]),
        ],
        tt(20),
      ),
    );
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

  it('two sales with the same lot title stay two lots', async () => {
    const { desk } = setup([sale('cars-a', [['mustang', 1]]), sale('cars-b', [['mustang', 1]])]);
    await desk.refresh();
    expect(desk.lookup('cars-a', 'mustang')?.auctionId).toBe('cars-a');
    expect(desk.lookup('cars-b', 'mustang')?.auctionId).toBe('cars-b');
    expect(saleLotKey('a/b', 'c')).not.toBe(saleLotKey('a', 'b/c'));
  });

  it('sign-out forgets the catalogue, the lots, the record read and the flags; a late answer is dropped', async () => {
    let resolve: (catalogue: DeskCatalogue) => void = () => {};
    const desk = createSaleDeskStore({
      loadFlags: noFlags,
      load: () => new Promise((done) => (resolve = done)),
      schedule: (flush) => flush(),
    });
    const pending = desk.refresh();
    desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0), tt(10));
    desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 2 }, 1), tt(20));
    expect(desk.getSnapshot().records.size).toBe(1);
    desk.reset();
    resolve(
      catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(20), recordOf([[10, 'P1', 1]]), [
        raisedJump(),
      ]),
    );
    await pending;
    expect(desk.getSnapshot().sales).toEqual([]);
    expect(desk.getSnapshot().catalogueAnswered).toBe(false);
    expect(desk.getSnapshot().recordedThrough).toBeNull();
    expect(desk.getSnapshot().records.size).toBe(0);
    expect(desk.getSnapshot().flags).toEqual([]);
    expect(desk.getSnapshot().flagCounts.jump).toBe(0);
    // Nothing of the last session is folded on the next one's first read.
    const next = createSaleDeskStore({
      loadFlags: noFlags,
      load: () => Promise.resolve(catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(5))),
      schedule: (flush) => flush(),
    });
    next.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 1 }, 0), tt(10));
    next.reset();
    await next.refresh();
    expect(next.getSnapshot().records.size).toBe(0);
  });

  it('a failed load keeps the catalogue it had', async () => {
    const load = jest
      .fn<Promise<DeskCatalogue>, []>()
      .mockResolvedValueOnce(catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(10)))
      .mockRejectedValueOnce(new Error('down'));
    const desk = createSaleDeskStore({ load, loadFlags: noFlags, schedule: (flush) => flush() });
    await desk.refresh();
    const before = desk.getSnapshot();
    const listener = jest.fn();
    desk.subscribe(listener);
    await desk.refresh();
    // Nothing to show: no notice, no render of the desk.
    expect(desk.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    expect(desk.getSnapshot().sales).toHaveLength(1);
    expect(desk.getSnapshot()).toMatchObject({
      catalogueLoaded: true,
      catalogueError: null,
      recordedThrough: tt(10),
    });
  });

  it('says why a read failed until one succeeds; once one did, later failures are not shown', async () => {
    const down = new Error('down');
    const stillDown = new Error('still down');
    const catalogue = catalogueOf([sale('auction-1', [['lot-1', 1]])], tt(10));
    const load = jest
      .fn<Promise<DeskCatalogue>, []>()
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(stillDown)
      .mockResolvedValueOnce(catalogue)
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(catalogue);
    const desk = createSaleDeskStore({ load, loadFlags: noFlags, schedule: (flush) => flush() });
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
      loadFlags: noFlags,
      load: () => Promise.reject(new Error('down')),
      schedule: (flush) => flush(),
    });
    await desk.refresh();
    expect(desk.getSnapshot()).toMatchObject({
      sales: [],
      recordedThrough: null,
      catalogueAnswered: true,
      catalogueLoaded: false,
      catalogueError: new Error('down'),
    });
  });
});
