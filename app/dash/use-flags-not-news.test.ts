import { renderHook } from '@testing-library/react';
import type { Flag } from '@/lib/sale-desk/flags/flag';
import { useFlagsNotNews } from './use-flags-not-news';

const flag = (n: number): Flag => ({
  id: `jump:sale/lot:${n}`,
  rule: 'jump',
  auctionId: 'sale',
  lotId: 'lot',
  paddles: ['Paddle 1'],
  bidIds: [`bid-${n}`],
  raisedAt: '2026-11-23T10:00:00.000Z',
});

const ids = (set: ReadonlySet<string> | null) => (set === null ? null : [...set].sort());

function track(flags: Flag[], waiting: boolean) {
  return renderHook(({ shown, stillWaiting }) => useFlagsNotNews(shown, stillWaiting), {
    initialProps: { shown: flags, stillWaiting: waiting },
  });
}

describe('useFlagsNotNews', () => {
  it('is null until the record’s first read answers: nothing is news yet', () => {
    const { result, rerender } = track([], true);
    expect(result.current).toBeNull();
    rerender({ shown: [flag(1), flag(2)], stillWaiting: true });
    expect(result.current).toBeNull();
  });

  it('takes the flags the first read brought, in that very render, and keeps them', () => {
    const { result, rerender } = track([flag(1)], true);
    rerender({ shown: [flag(2), flag(1)], stillWaiting: false });
    expect(ids(result.current)).toEqual([flag(1).id, flag(2).id]);
    rerender({ shown: [flag(3), flag(2), flag(1)], stillWaiting: false });
    expect(ids(result.current)).toEqual([flag(1).id, flag(2).id]);
  });

  it('takes the flags there are at once when the read had answered already', () => {
    const { result, rerender } = track([flag(1)], false);
    expect(ids(result.current)).toEqual([flag(1).id]);
    rerender({ shown: [flag(2), flag(1)], stillWaiting: false });
    expect(ids(result.current)).toEqual([flag(1).id]);
  });

  it('does not take them again when a later read (after a restart) is awaited and answers', () => {
    const { result, rerender } = track([], false);
    rerender({ shown: [flag(1)], stillWaiting: true });
    rerender({ shown: [flag(1)], stillWaiting: false });
    expect(ids(result.current)).toEqual([]);
  });
});
