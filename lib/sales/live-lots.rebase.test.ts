// live-lots.ts: a re-read of the record drops the live messages it covers and folds those after
// it, in publish order, nothing counted twice.
import { rebaseLiveLots } from './live-lots';
import {
  bid,
  catalogueLot,
  closed,
  key,
  opened,
  readBack,
  recorderFold,
  shown,
  tt,
} from './live-lots-fixture';

describe('rebaseLiveLots', () => {
  const lots = [catalogueLot('lot-1', 1), catalogueLot('lot-2', 2), catalogueLot('lot-3', 3)];
  const history = [
    opened(1, 'lot-1'),
    bid(2, 'lot-1', 'P7', 100_000),
    bid(3, 'lot-2', 'P3', 200_000),
    closed(4, 'lot-1', 2),
    bid(5, 'lot-2', 'P7', 210_000),
    bid(6, 'lot-1', 'P12', 300_000),
  ];
  const readAt = (n: number) => [
    { lots: readBack(lots, recorderFold(history.filter((m) => m.timetoken <= tt(n)))) },
  ];

  it('has a record for every lot the read says was opened or bid on, none for those to come', () => {
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), []);
    expect([...records.keys()]).toEqual([key('lot-1'), key('lot-2')]);
    expect(after).toEqual([]);
    expect(shown(records.get(key('lot-1')))).toMatchObject({
      status: 'sold',
      bids: 2,
      hammer: 100_000,
    });
  });

  it('drops the messages at or before the read, folds those after it, in publish order', () => {
    // As kept by the browser, out of publish order, one of them (at 3) already in the read.
    const live = [history[5]!, history[2]!, history[3]!, history[4]!];
    const { records, after } = rebaseLiveLots(readAt(3), tt(3), live);
    expect(after.map((message) => message.timetoken)).toEqual([tt(4), tt(5), tt(6)]);
    expect(shown(records.get(key('lot-1')))).toEqual(
      shown(recorderFold(history).get(key('lot-1'))),
    );
    expect(records.get(key('lot-2'))).toMatchObject({ bids: 2, highBid: 210_000, leader: 'P7' });
    // lot-1 closed at 4 (in publish order, before the bid at 6, given first): that bid is late.
    expect(records.get(key('lot-1'))).toMatchObject({ bids: 2, lateBids: 1, hammer: 100_000 });
  });

  it('with no read yet (through null) folds every live message', () => {
    const empty = [{ lots: readBack(lots, new Map()) }];
    const { records, after } = rebaseLiveLots(empty, null, [...history].reverse());
    expect(after).toEqual(history);
    for (const lotId of ['lot-1', 'lot-2', 'lot-3'])
      expect(shown(records.get(key(lotId)))).toEqual(shown(recorderFold(history).get(key(lotId))));
  });

  it('does not count twice a record that reached further than the live messages', () => {
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), history);
    expect(after).toEqual([]);
    expect(records.get(key('lot-2'))!.bids).toBe(2);
    expect(records.get(key('lot-1'))!.bids).toBe(2);
  });

  it('compares timetokens as integers, not as text', () => {
    // A shorter digit string is an older timetoken, though it sorts after as text.
    const older = { ...bid(7, 'lot-3', 'P7', 100_000), timetoken: '9' };
    const { records, after } = rebaseLiveLots(readAt(6), tt(6), [older]);
    expect(after).toEqual([]);
    expect(records.has(key('lot-3'))).toBe(false);
  });
});
