import type { RecordedFlag } from './recorded-flag';
import { maxDeskFlags, noDeskFlags, withFlag, withRaised, withRead } from './desk-flags';

const flag = (n: number): RecordedFlag => ({
  id: `jump:sale/lot-1:bid-${n}`,
  rule: 'jump',
  auctionId: 'sale',
  lotId: 'lot-1',
  lotTitle: 'Blue Nude',
  paddles: ['P1'],
  bidIds: [`bid-${n}`],
  bids: [],
  raisedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, n)).toISOString(),
  timetoken: String(17_950_000_000_000_000 + n * 10_000),
  state: 'open',
  reviews: [],
});
const ids = (shown: readonly { id: string }[]) => shown.map((one) => one.id);

describe('the desk’s flags', () => {
  it('a read of the record replaces them; the same read keeps the shown array and moves the reach on', () => {
    const read = withRead(noDeskFlags, [flag(2), flag(1)], '20');
    expect(ids(read.shown)).toEqual([flag(2).id, flag(1).id]);
    expect(read.through).toBe('20');
    const again = withRead(read, [flag(2), flag(1)], '30');
    expect(again.shown).toBe(read.shown);
    expect(again.through).toBe('30');
    // The record no longer holds them (retention): the read says so.
    expect(withRead(again, [], '40').shown).toEqual([]);
  });

  it('a read of those raised since adds the new ones, newest first, each once, at most 500', () => {
    const read = withRead(noDeskFlags, [flag(2), flag(1)], '20');
    const grown = withRaised(read, { recordedThrough: '30', flags: [flag(3), flag(2)] });
    expect(ids(grown.shown)).toEqual([3, 2, 1].map((n) => flag(n).id));
    expect(grown.through).toBe('30');
    const none = withRaised(grown, { recordedThrough: '40', flags: [] });
    expect(none.shown).toBe(grown.shown);
    expect(none.through).toBe('40');
    const many = withRaised(noDeskFlags, {
      recordedThrough: '50',
      flags: Array.from({ length: maxDeskFlags + 10 }, (_, n) => flag(600 - n)),
    });
    expect(many.recorded).toHaveLength(maxDeskFlags);
    expect(many.recorded[0]!.id).toBe(flag(600).id);
  });

  it('never moves the reach back: an older answer after a newer one', () => {
    const read = withRead(noDeskFlags, [], '90');
    expect(withRaised(read, { recordedThrough: '50', flags: [] }).through).toBe('90');
    expect(withRead(read, [], '50').through).toBe('90');
  });

  const review = (outcome: 'cleared' | 'escalated', minute: number) => ({
    outcome,
    note: 'checked',
    loginId: 'sue',
    displayName: 'Sue Grant',
    reviewedAt: new Date(Date.UTC(2026, 10, 27, 11, minute)).toISOString(),
  });

  it('a flag announced or answered replaces its older self; one not kept is added, newest first', () => {
    const read = withRead(noDeskFlags, [flag(2), flag(1)], '20');
    const escalated = {
      ...flag(1),
      state: 'escalated' as const,
      reviews: [review('escalated', 1)],
    };
    const after = withFlag(read, escalated);
    expect(after.shown.find((shown) => shown.id === flag(1).id)).toMatchObject({
      state: 'escalated',
      reviews: [{ outcome: 'escalated' }],
    });
    expect(after.through).toBe('20');
    expect(ids(withFlag(after, flag(3)).shown)).toEqual([3, 2, 1].map((n) => flag(n).id));
  });

  it('an announcement older than what is kept (fewer reviews) changes nothing', () => {
    const cleared = {
      ...flag(1),
      state: 'cleared' as const,
      reviews: [review('escalated', 1), review('cleared', 2)],
    };
    const kept = withFlag(withRead(noDeskFlags, [flag(1)], '20'), cleared);
    const late = { ...flag(1), state: 'escalated' as const, reviews: [review('escalated', 1)] };
    expect(withFlag(kept, late)).toBe(kept);
  });

  it('a read that differs only by a review is a new read', () => {
    const read = withRead(noDeskFlags, [flag(1)], '20');
    const reviewed = { ...flag(1), state: 'cleared' as const, reviews: [review('cleared', 1)] };
    expect(withRead(read, [reviewed], '20').shown[0]).toMatchObject({ state: 'cleared' });
  });

  it('a flag unchanged from read to read is shown by the same object; a reviewed one by a new one', () => {
    const first = withRead(noDeskFlags, [flag(2), flag(1)], '20');
    const grown = withRaised(first, { recordedThrough: '30', flags: [flag(3)] });
    expect(grown.shown[1]).toBe(first.shown[0]);
    expect(grown.shown[2]).toBe(first.shown[1]);
    // A full read parses new objects: those unchanged keep their shown object.
    const reviewed = { ...flag(1), state: 'cleared' as const, reviews: [review('cleared', 3)] };
    const reread = withRead(grown, [flag(3), flag(2), reviewed], '40');
    expect(reread.shown[0]).toBe(grown.shown[0]);
    expect(reread.shown[1]).toBe(grown.shown[1]);
    expect(reread.shown[2]).not.toBe(grown.shown[2]);
    expect(reread.shown[2]).toMatchObject({ state: 'cleared' });
    // A slow read that set out before the review: the review stays.
    const stale = withRead(reread, [flag(3), flag(2), flag(1)], '40');
    expect(stale.shown[2]).toMatchObject({ state: 'cleared' });
  });
});
