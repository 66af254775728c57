import type { Flag } from '@/lib/sale-desk/flags/flag';
import { mergeFlags, type RecordedFlag } from './recorded-flag';

const engineFlag = (n: number, raisedAt: string): Flag => ({
  id: `jump:sale/lot-1:bid-${n}`,
  rule: 'jump',
  auctionId: 'sale',
  lotId: 'lot-1',
  paddles: ['P1'],
  bidIds: [`bid-${n}`],
  raisedAt,
});

const recorded = (flag: Flag): RecordedFlag => ({
  ...flag,
  lotTitle: 'Blue Nude',
  bids: [
    {
      bidId: flag.bidIds[0]!,
      bidder: 'P1',
      amount: 90_000,
      currency: 'EUR',
      placedAt: flag.raisedAt,
    },
  ],
  timetoken: '17950000000000000',
  state: 'open',
  reviews: [],
});

describe('mergeFlags', () => {
  it('shows each flag once, the record’s copy with its bids, newest first', () => {
    const old = engineFlag(1, '2026-11-27T10:00:00.000Z');
    const both = engineFlag(2, '2026-11-27T10:01:00.000Z');
    const fresh = engineFlag(3, '2026-11-27T10:02:00.000Z');
    const merged = mergeFlags([recorded(both), recorded(old)], [both, fresh]);
    expect(merged.map((flag) => flag.id)).toEqual([fresh.id, both.id, old.id]);
    expect(merged[1]).toMatchObject({ lotTitle: 'Blue Nude', bids: [{ amount: 90_000 }] });
    expect(merged[1]).not.toHaveProperty('timetoken');
    expect(merged[0]).not.toHaveProperty('bids');
  });

  it('orders flags raised at the same moment by id, the same in every browser', () => {
    const at = '2026-11-27T10:00:00.000Z';
    const a = engineFlag(1, at);
    const b = engineFlag(2, at);
    expect(mergeFlags([], [a, b]).map((flag) => flag.id)).toEqual(
      mergeFlags([recorded(b)], [a]).map((flag) => flag.id),
    );
  });
});
