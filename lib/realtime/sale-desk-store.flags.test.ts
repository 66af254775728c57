// The sale desk: the flags the recorder raised, read with the catalogue and shortly after live messages.
import type { RecordedFlag } from '@/lib/sales/recorded-flag';
import type { DeskCatalogue } from '@/lib/sales/lot';
import { bidOf, uuid } from '@/testing/sale-desk/flag-script';
import { createSaleDeskStore } from './sale-desk-store';
import {
  tt,
  catalogueOf,
  noFlags,
  raisedJump,
  deskReadThrough5,
  auction1,
  setup,
} from './testing/sale-desk-fixtures';

describe('sale desk store', () => {
  it('shows the record’s flags with their bids and raises none itself', async () => {
    const { desk, load, ingestAt } = setup();
    load.mockResolvedValueOnce(catalogueOf([auction1()], tt(100), new Map(), [raisedJump()]));
    await desk.refresh();
    expect(desk.getSnapshot().flags).toEqual([
      expect.objectContaining({
        id: raisedJump().id,
        lotTitle: raisedJump().lotTitle,
        bids: raisedJump().bids,
      }),
    ]);
    expect(desk.getSnapshot().flagCounts.jump).toBe(1);
    // Bids this browser sees that would raise a jump and a far-over-estimate raise nothing here.
    ingestAt(110, bidOf({ paddle: 'P1', amount: 100_000, id: 110 }, 0));
    ingestAt(120, bidOf({ paddle: 'P2', amount: 900_000, id: 120 }, 1));
    expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([raisedJump().id]);
  });

  it('reads the recorder’s flags once, two seconds after live messages arrive, however many, those since the last read only', async () => {
    jest.useFakeTimers();
    try {
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockResolvedValue({ recordedThrough: tt(20), flags: [raisedJump()] });
      const desk = await deskReadThrough5(loadFlags);
      desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0), tt(10));
      desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1), tt(20));
      await jest.advanceTimersByTimeAsync(1_999);
      expect(loadFlags).not.toHaveBeenCalled();
      expect(desk.getSnapshot().flags).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(loadFlags).toHaveBeenCalledTimes(1);
      // Those raised after what the catalogue's read covered.
      expect(loadFlags).toHaveBeenLastCalledWith(tt(5));
      expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([raisedJump().id]);
      // The same flags read again change nothing: the snapshot is kept.
      const before = desk.getSnapshot();
      desk.onBid(bidOf({ paddle: 'P1', amount: 1_000_000, id: 30 }, 2), tt(30));
      const afterBid = desk.getSnapshot();
      await jest.advanceTimersByTimeAsync(2_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
      expect(loadFlags).toHaveBeenLastCalledWith(tt(20));
      expect(desk.getSnapshot()).toBe(afterBid);
      expect(afterBid.flags).toBe(before.flags);
      // No live message, no read.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('adds the flags a read brings to those shown, newest first, each once; the catalogue’s read replaces them', async () => {
    jest.useFakeTimers();
    try {
      const later: RecordedFlag = {
        ...raisedJump(),
        id: `self-raise:auction-1/lot-2:${uuid(40)}`,
        rule: 'self-raise',
        lotId: 'lot-2',
        raisedAt: bidOf({ paddle: 'P3', amount: 1, id: 40 }, 3).placedAt,
        timetoken: tt(40),
      };
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockResolvedValueOnce({ recordedThrough: tt(40), flags: [later, raisedJump()] });
      const load = jest
        .fn<Promise<DeskCatalogue>, []>()
        .mockResolvedValueOnce(catalogueOf([auction1()], tt(20), new Map(), [raisedJump()]))
        .mockResolvedValueOnce(catalogueOf([auction1()], tt(50), new Map(), []));
      const desk = createSaleDeskStore({ load, loadFlags, schedule: (flush) => flush() });
      await desk.refresh();
      desk.onBid(bidOf({ paddle: 'P3', amount: 100_000, id: 40 }, 3), tt(40));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(desk.getSnapshot().flags.map((flag) => flag.id)).toEqual([later.id, raisedJump().id]);
      expect(desk.getSnapshot().flagCounts).toMatchObject({ jump: 1, 'self-raise': 1 });
      // The record no longer holds them (retention): the whole read says so.
      await desk.refresh();
      expect(desk.getSnapshot().flags).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed flags read keeps the flags shown; the next live message asks again', async () => {
    jest.useFakeTimers();
    try {
      const loadFlags = jest
        .fn<ReturnType<typeof noFlags>, [string | null]>()
        .mockRejectedValueOnce(new Error('down'))
        .mockResolvedValue({ recordedThrough: tt(20), flags: [raisedJump()] });
      const desk = await deskReadThrough5(loadFlags);
      desk.onBid(bidOf({ paddle: 'P1', amount: 100_000, id: 10 }, 0), tt(10));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(desk.getSnapshot().flags).toEqual([]);
      desk.onBid(bidOf({ paddle: 'P2', amount: 900_000, id: 20 }, 1), tt(20));
      await jest.advanceTimersByTimeAsync(2_000);
      expect(loadFlags).toHaveBeenCalledTimes(2);
      expect(desk.getSnapshot().flags).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
